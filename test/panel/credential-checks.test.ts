import { describe, expect, it } from 'vitest';
import { credentialFailures, type OrderNeeds } from '../../src/panel/credential.checks.ts';
import type { SelectionCredentials } from '../../src/panel/credential.repository.ts';

const credentialProblems = (
  credentials: SelectionCredentials | undefined,
  openOrders: number,
  orderNeeds: OrderNeeds,
) => credentialFailures(credentials, openOrders, orderNeeds).map((failure) => failure.reason);
const needs: OrderNeeds = { state: 'TX', fha: false, today: '2026-11-27' };
const ready: SelectionCredentials = {
  appraiser_id: 'a',
  license_level: 'certified_residential',
  license_expires_on: '2027-03-31',
  eo_expires_on: '2027-06-30',
  fha_roster: true,
  capacity: 10,
};

describe('what keeps an appraiser from an order (panel/credential.checks.ts)', () => {
  it('finds nothing for a certified appraiser in the state, insured, on the roster, under capacity', () => {
    expect(credentialProblems(ready, 9, needs)).toEqual([]);
    expect(credentialProblems(ready, 9, { ...needs, fha: true })).toEqual([]);
  });

  it('counts a credential valid through its last day, and expired the day after', () => {
    const today = { ...ready, license_expires_on: '2026-11-27', eo_expires_on: '2026-11-27' };
    expect(credentialProblems(today, 0, needs)).toEqual([]);
    const yesterday = { ...ready, license_expires_on: '2026-11-26', eo_expires_on: '2026-11-26' };
    expect(credentialProblems(yesterday, 0, needs)).toEqual([
      'The TX license expired on 11/26/2026',
      'The E&O policy expired on 11/26/2026',
    ]);
  });

  it('keeps a trainee from signing alone, and a licensed appraiser from an FHA loan', () => {
    expect(credentialProblems({ ...ready, license_level: 'trainee' }, 0, needs)).toEqual([
      'A trainee in TX: a trainee does not sign a report alone',
    ]);
    expect(credentialProblems({ ...ready, license_level: 'licensed' }, 0, needs)).toEqual([]);
    expect(
      credentialProblems({ ...ready, license_level: 'licensed', fha_roster: false }, 0, {
        ...needs,
        fha: true,
      }),
    ).toEqual([
      'An FHA loan needs a certified appraiser; licensed in TX',
      'Not on the FHA roster (an FHA loan)',
    ]);
  });

  it('says everything missing for an appraiser with nothing on file, and a capacity reached', () => {
    expect(credentialProblems(undefined, 3, needs)).toEqual([
      'No license in TX',
      'No errors-and-omissions policy on file',
    ]);
    expect(credentialProblems({ ...ready, capacity: 0 }, 0, needs)).toEqual([
      'At capacity: 0 open orders of 0',
    ]);
    expect(credentialProblems({ ...ready, capacity: null }, 500, needs)).toEqual([]);
  });
});
