import { describe, expect, it } from 'vitest';
import { cachedEstimate } from '../../src/db/estimate-cache.ts';

/** The planner's estimates, kept per search for a minute (src/db/estimate-cache.ts). */
describe('an estimate of a search', () => {
  it('is asked for once a minute per statement and values, and again after', async () => {
    let asked = 0;
    const estimate = () => {
      asked += 1;
      return Promise.resolve(480_000 + asked);
    };
    const statement = `select 1 from orders where city = $1 -- ${Math.random()}`;
    const start = 1_000_000;
    expect(await cachedEstimate(statement, ['Houston'], estimate, start)).toBe(480_001);
    expect(await cachedEstimate(statement, ['Houston'], estimate, start + 59_000)).toBe(480_001);
    expect(asked).toBe(1);
    // Other values are another search.
    expect(await cachedEstimate(statement, ['Denver'], estimate, start + 1_000)).toBe(480_002);
    // A minute later the statistics may have changed: asked again.
    expect(await cachedEstimate(statement, ['Houston'], estimate, start + 60_000)).toBe(480_003);
    expect(asked).toBe(3);
  });

  it('that fails is not kept', async () => {
    const statement = `select 1 from orders where zip = $1 -- ${Math.random()}`;
    await expect(
      cachedEstimate(statement, ['78701'], () => Promise.reject(new Error('connection lost'))),
    ).rejects.toThrow('connection lost');
    expect(await cachedEstimate(statement, ['78701'], () => Promise.resolve(12))).toBe(12);
  });
});
