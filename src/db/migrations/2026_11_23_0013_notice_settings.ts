import { sql, type Kysely } from 'kysely';

/** The status notices each user has turned off (all arrive by default). */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users ADD COLUMN notices_off text[] NOT NULL DEFAULT '{}';`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE users DROP COLUMN notices_off;`.execute(db);
}
