import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { watchCredentialExpiry } from '../../src/panel/expiry.service.ts';
import { useTestApp } from '../helpers/app.ts';
import { createUserWithKey, createWorld } from '../helpers/factories.ts';

/**
 * The credential expiry watch on a fake clock (the `now` the timers pass): 60, 30 and 7 days
 * before a license's or a policy's last valid day, one email to the appraiser and one to the
 * company's administrators, each once however often the watch runs; a renewal starts again.
 */
const t = useTestApp({ TIME_ZONE: 'America/Chicago' });
let world: Awaited<ReturnType<typeof createWorld>>;
let admin: Awaited<ReturnType<typeof createUserWithKey>>;

beforeAll(async () => {
  world = await createWorld(t.db);
  admin = await createUserWithKey(t.db, 'staff', world.company, { admin: true });
});

/** Noon in Chicago on that day: the watch reads days in the deployment's zone. */
const at = (day: string) => new Date(`${day}T18:00:00Z`);

async function emails() {
  const rows = await t.db
    .selectFrom('outbox_messages')
    .select('payload')
    .where('kind', '=', 'email')
    .orderBy(sql`seq`)
    .execute();
  return rows
    .map((row) => row.payload as { to: string[]; subject: string; text: string })
    .filter((email) => /expires on/.test(email.subject));
}

const put = async (path: string, body: Record<string, unknown>) => {
  const answer = await t.app.inject({
    method: 'PUT',
    url: `/api/v1/appraisers/${world.appraiser.id}/${path}`,
    headers: { 'X-Api-Key': world.staff.key },
    payload: body,
  });
  expect(answer.statusCode, answer.body).toBe(200);
};

describe('notices before a credential expires', () => {
  it('sends 60, 30 and 7 days ahead, once each, to the appraiser and the administrators; a renewal starts again', async () => {
    await put('licenses/TX', { number: 'TX-77', level: 'certified_residential', expires_on: '2027-03-31' });
    await put('eo_policy', {
      carrier: 'Acme',
      policy_number: 'EO-9',
      per_claim: '500000',
      expires_on: '2027-12-31',
    });

    expect(await watchCredentialExpiry(t.db, t.config, at('2027-01-29'))).toBe(0); // 61 days ahead
    expect(await watchCredentialExpiry(t.db, t.config, at('2027-01-30'))).toBe(1); // 60
    expect(await watchCredentialExpiry(t.db, t.config, at('2027-01-30'))).toBe(0); // once
    expect(await watchCredentialExpiry(t.db, t.config, at('2027-02-20'))).toBe(0); // 39: between
    const sixty = await emails();
    expect(sixty.map((email) => [email.to, email.subject])).toEqual([
      [[world.appraiser.email], 'Your TX appraiser license TX-77 expires on 03/31/2027'],
      [[admin.email], expect.stringMatching(/'s TX appraiser license TX-77 expires on 03\/31\/2027$/)],
    ]);
    expect(sixty[0]!.text).toContain('valid through 03/31/2027, in 60 days');
    expect(sixty[0]!.text).toContain(`/credentials/${world.appraiser.id}`);

    expect(await watchCredentialExpiry(t.db, t.config, at('2027-03-01'))).toBe(1); // 30
    expect(await watchCredentialExpiry(t.db, t.config, at('2027-03-24'))).toBe(1); // 7
    expect(await watchCredentialExpiry(t.db, t.config, at('2027-03-31'))).toBe(0); // the last day: sent already
    expect((await emails()).map((email) => email.subject.replace(/^.*'s /, 'Their '))).toEqual([
      'Your TX appraiser license TX-77 expires on 03/31/2027',
      'Their TX appraiser license TX-77 expires on 03/31/2027',
      'Your TX appraiser license TX-77 expires on 03/31/2027',
      'Their TX appraiser license TX-77 expires on 03/31/2027',
      'Your TX appraiser license TX-77 expires on 03/31/2027',
      'Their TX appraiser license TX-77 expires on 03/31/2027',
    ]);

    // Renewed: notices for the new last day, when they come; none for a day long past.
    await put('licenses/TX', { number: 'TX-77', level: 'certified_residential', expires_on: '2029-03-31' });
    expect(await watchCredentialExpiry(t.db, t.config, at('2027-04-01'))).toBe(0);
    expect(await watchCredentialExpiry(t.db, t.config, at('2029-03-01'))).toBe(1);
  });

  it('sends only the nearest notice for a credential first seen close to its end, and none for one expired', async () => {
    await put('eo_policy', {
      carrier: 'Acme',
      policy_number: 'EO-10',
      per_claim: '500000',
      expires_on: '2030-06-10',
    });
    const before = (await emails()).length;
    expect(await watchCredentialExpiry(t.db, t.config, at('2030-06-05'))).toBe(1); // 5 days: the 7-day notice
    expect(await watchCredentialExpiry(t.db, t.config, at('2030-06-06'))).toBe(0);
    expect(await watchCredentialExpiry(t.db, t.config, at('2030-06-11'))).toBe(0); // expired
    const sent = (await emails()).slice(before);
    expect(sent.map((email) => email.subject)).toEqual([
      'Your errors-and-omissions policy EO-10 expires on 06/10/2030',
      expect.stringMatching(/'s errors-and-omissions policy EO-10 expires on 06\/10\/2030$/),
    ]);
    expect(sent[0]!.text).toContain('in 5 days');
  });
});
