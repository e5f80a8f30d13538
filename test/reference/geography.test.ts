import { describe, expect, it } from 'vitest';
import {
  countiesForZip,
  countiesOf,
  countyForAddress,
  findCounty,
  findState,
  listStates,
} from '../../src/reference/geography.ts';

const texas = { id: '48', code: 'TX', name: 'Texas' };
const ids = (counties: { id: string }[]) => counties.map((county) => county.id);

describe('findState', () => {
  it.each(['TX', 'tx', 'Texas', 'texas', ' TX ', '48'])('finds Texas by %j', (value) => {
    expect(findState(value)).toEqual(texas);
  });

  it('pads a one-digit FIPS id', () => {
    expect(findState('6')).toMatchObject({ id: '06', code: 'CA' });
  });

  it.each(['ZZ', 'Texass', '99', '', 'UM'])('returns null for %j', (value) => {
    expect(findState(value)).toBeNull();
  });
});

describe('listStates', () => {
  it('has the 50 states and DC, plus the inhabited territories, sorted by name', () => {
    const states = listStates();
    const codes = states.map((state) => state.code);
    expect(states.length).toBeGreaterThanOrEqual(51);
    expect(codes).toEqual(expect.arrayContaining(['AL', 'DC', 'TX', 'WY', 'PR']));
    const names = states.map((state) => state.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
    expect(states.every((state) => /^\d{2}$/.test(state.id))).toBe(true);
  });
});

describe('countiesOf', () => {
  it('has every county, Texas 254 of them, sorted by name', () => {
    const all = listStates().flatMap((state) => countiesOf(state.id));
    expect(all.length).toBeGreaterThanOrEqual(3100);
    expect(new Set(ids(all)).size).toBe(all.length);

    const counties = countiesOf('48');
    expect(counties).toHaveLength(254);
    expect(counties[0]).toEqual({ id: '48001', name: 'Anderson County', stateId: '48', stateCode: 'TX' });
    const names = counties.map((county) => county.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('returns [] for an unknown state', () => {
    expect(countiesOf('99')).toEqual([]);
  });
});

describe('findCounty', () => {
  it.each(['Travis', 'Travis County', 'travis county', 'TRAVIS', '48453'])(
    'finds Travis County by %j',
    (value) => {
      expect(findCounty('48', value)).toEqual({
        id: '48453',
        name: 'Travis County',
        stateId: '48',
        stateCode: 'TX',
      });
    },
  );

  it.each([
    ['22', 'Orleans', '22071'],
    ['22', 'Orleans Parish', '22071'],
    ['22', 'Saint Tammany', '22103'],
    ['22', 'St Tammany Parish', '22103'],
    ['02', 'Kenai Peninsula', '02122'],
    ['02', 'Kenai Peninsula Borough', '02122'],
    ['02', 'Bethel', '02050'],
    ['02', 'Anchorage', '02020'],
    ['02', 'Juneau', '02110'],
    ['24', 'Baltimore', '24005'],
    ['24', 'Baltimore City', '24510'],
    ['24', "Prince George's", '24033'],
    ['24', 'Prince Georges', '24033'],
    ['29', 'Saint Louis', '29189'],
    ['29', 'Ste Genevieve', '29186'],
    ['51', 'Richmond', '51159'],
    ['51', 'Richmond city', '51760'],
    ['17', 'De Kalb', '17037'],
    ['35', 'Doña Ana', '35013'],
    ['72', 'San Juan', '72127'],
    ['TX', 'Travis', '48453'],
  ])('in state %s finds %j as %s', (stateId, name, id) => {
    expect(findCounty(stateId, name)?.id).toBe(id);
  });

  it('returns null for a county of another state, or an unknown one', () => {
    expect(findCounty('48', '22071')).toBeNull();
    expect(findCounty('48', 'Orleans')).toBeNull();
    expect(findCounty('48', 'Nowhere')).toBeNull();
    expect(findCounty('48', '')).toBeNull();
    expect(findCounty('99', 'Travis')).toBeNull();
  });
});

describe('countiesForZip', () => {
  it('finds the county of a ZIP or ZIP+4 code', () => {
    expect(ids(countiesForZip('78701'))).toContain('48453');
    expect(countiesForZip('78701-1234')).toEqual(countiesForZip('78701'));
  });

  it('finds every county of a zip that spans several', () => {
    expect(ids(countiesForZip('80020'))).toEqual(['08001', '08013', '08059']);
  });

  it.each(['00000', '7870', 'abcde', ''])('returns [] for %j', (zip) => {
    expect(countiesForZip(zip)).toEqual([]);
  });
});

describe('countyForAddress', () => {
  it('uses the county name when there is one', () => {
    expect(countyForAddress('48', '78701', 'Williamson County')?.id).toBe('48491');
    expect(countyForAddress('22', '70112', 'Orleans')?.id).toBe('22071');
    expect(countyForAddress('48', '78701', 'Orleans')).toBeNull();
  });

  it("falls back to the zip's first county in the state", () => {
    expect(countyForAddress('48', '78701')?.id).toBe('48453');
    expect(countyForAddress('48', '78701-1234', null)?.id).toBe('48453');
    expect(countyForAddress('08', '80020', '  ')?.id).toBe('08001');
  });

  it('returns null for a zip in another state or an unknown zip', () => {
    expect(countyForAddress('48', '10001')).toBeNull();
    expect(countyForAddress('48', '00000')).toBeNull();
  });
});
