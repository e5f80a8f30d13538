import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { SecretBox } from '../auth/secret-box.ts';
import type { TokenSigner } from '../auth/token.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import type { Storage } from '../storage/storage.ts';

/** The Fastify instance with TypeBox types: route schemas give the handlers their types. */
export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  TypeBoxTypeProvider
>;

/** What route modules need from the process: built once in buildApp (features add their own, as payments do). */
export interface AppDeps {
  config: Config;
  db: Db;
  tokens: TokenSigner;
  storage: Storage;
  links: LinkSigner;
  /** Seals and opens stored secrets (webhook signing secrets). */
  secrets: SecretBox;
}
