import fs from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { signInLink } from '../sessions/session.service.ts';
import type { Storage } from '../storage/storage.ts';
import { seedDemoWorld } from './demo-world.ts';

/**
 * On the embedded default, the first start on an empty database seeds the demo world
 * (seed/demo-world.ts), so a newcomer has keys, one-time sign-in links and a couple of hundred
 * orders to explore at once. The keys go to the console and to DATA_DIR/demo.json (readable by
 * the owner only). Never called with DATABASE_URL.
 */
export async function seedDemoOnFirstStart(db: Db, config: Config, storage: Storage): Promise<void> {
  const anyOrganization = await db.selectFrom('organizations').select('id').limit(1).executeTakeFirst();
  if (anyOrganization) return;
  const started = performance.now();
  const world = await seedDemoWorld(db, storage, config.fileNumberPrefix);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const file = path.join(config.dataDir, 'demo.json');
  await fs.writeFile(file, JSON.stringify(world, null, 2) + '\n', { mode: 0o600 });
  await fs.chmod(file, 0o600);
  const base = config.publicBaseUrl;
  const { staff, appraiser, client } = world.users;
  // One-time links into the web application, one per demo user (each works once, for a week).
  const link = (id: string) => signInLink(db, config, id);
  const links = {
    staff: await link(staff.id),
    appraiser: await link(appraiser.id),
    client: await link(client.id),
  };
  const more: string[] = [];
  for (const user of world.more_users) more.push(`  ${user.name}, ${user.role}:\n    ${await link(user.id)}`);
  console.log(
    [
      '',
      `First start: a demo world was created in ${seconds} s (${world.orders} orders; also in ${file}).`,
      `  staff      ${staff.email}  key ${staff.api_key}`,
      `  appraiser  ${appraiser.email}  key ${appraiser.api_key}`,
      `  client     ${client.email}  key ${client.api_key}`,
      '',
      'Sign in to the web application (each link works once):',
      `  staff      ${links.staff}`,
      `  appraiser  ${links.appraiser}`,
      `  client     ${links.client}`,
      ...more,
      '',
      'Try the API:',
      `  curl -X POST -H 'X-Api-Key: ${client.api_key}' ${base}/api/v1/me`,
      `API docs: ${base}/docs`,
      '',
    ].join('\n'),
  );
}
