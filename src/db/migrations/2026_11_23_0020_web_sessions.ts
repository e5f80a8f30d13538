import { sql, type Kysely } from 'kysely';

/**
 * People sign in to the web application: a password per user (scrypt, never the password
 * itself), sessions kept here (only a hash of the cookie's value), one-time links (set a
 * password after an invitation, reset a forgotten one, a demo sign-in) and the single-sign-on
 * tokens already used (each opens one session).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE users
      ADD COLUMN password_hash text,
      ADD COLUMN password_changed_at timestamptz;

    CREATE TABLE web_sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash bytea NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      csrf_token text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_seen_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      revoked_at timestamptz
    );
    CREATE INDEX web_sessions_user ON web_sessions (user_id) WHERE revoked_at IS NULL;

    CREATE TABLE sign_in_links (
      token_hash bytea PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('set_password', 'reset_password', 'sign_in')),
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      used_at timestamptz
    );
    CREATE INDEX sign_in_links_user ON sign_in_links (user_id);

    CREATE TABLE used_sso_tokens (
      token_hash bytea PRIMARY KEY,
      expires_at timestamptz NOT NULL
    );
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE used_sso_tokens;
    DROP TABLE sign_in_links;
    DROP TABLE web_sessions;
    ALTER TABLE users DROP COLUMN password_changed_at, DROP COLUMN password_hash;
  `.execute(db);
}
