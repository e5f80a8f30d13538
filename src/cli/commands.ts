import { issueApiKey, revokeApiKey } from '../api-keys/api-key.service.ts';
import { SecretBox } from '../auth/secret-box.ts';
import { sealServiceKeys } from '../auth/service-secrets.ts';
import type { Config } from '../config/config.ts';
import type { Db } from '../db/connection.ts';
import { migrateToLatest } from '../db/migrate.ts';
import type { Role } from '../db/schema.ts';
import { AppError } from '../errors/app-error.ts';
import {
  findClientTypeId,
  findOrganization,
  insertOrganization,
  linkCompanyToClient,
} from '../organizations/organization.repository.ts';
import { importRegistryFile } from '../panel/registry.service.ts';
import { seedDemo } from '../seed/demo.ts';
import { seedDemoWorld } from '../seed/demo-world.ts';
import { createStorage } from '../storage/index.ts';
import type { AuthUser } from '../auth/principal.ts';
import { changeClientSettings } from '../clients/client-settings.service.ts';
import type { ClientSettingChanges } from '../clients/client.repository.ts';
import { createUser, moveUser } from '../users/user.service.ts';
import { sealWebhookSecrets } from '../webhooks/webhook.service.ts';
import { sealBankAccounts } from '../payables/payout-settings.service.ts';

/** Who the command line acts as: the operator who runs the service. */
const CLI_OPERATOR: AuthUser = {
  id: 'cli',
  organizationId: null,
  organizationKind: null,
  role: 'operator',
  isAdmin: true,
  email: '',
  firstName: 'Operator',
  lastName: '(CLI)',
  branchId: null,
  orderVisibility: 'all',
};

export interface CommandOutput {
  json: Record<string, unknown>;
  text: string;
}

type Options = Record<string, string | boolean | undefined>;
type Command = (db: Db, options: Options, config: Config) => Promise<CommandOutput>;

const text = (options: Options, name: string): string | undefined => {
  const value = options[name];
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
};

function required<const N extends readonly string[]>(
  options: Options,
  ...names: N
): { [K in keyof N]: string } {
  const missing = names.filter((name) => text(options, name) === undefined);
  if (missing.length > 0) {
    throw new AppError(
      'validation_failed',
      `Missing option${missing.length > 1 ? 's' : ''}: ${missing.map((m) => `--${m}`).join(', ')}`,
      missing.map((m) => ({ field: `--${m}`, message: 'is required' })),
    );
  }
  return names.map((name) => text(options, name)!) as { [K in keyof N]: string };
}

export const COMMANDS: Record<string, Command> = {
  async migrate(db, _options, config) {
    // Opening the database already migrated it; this reports the state, and seals stored
    // secrets as a start of the service does.
    const { applied } = await migrateToLatest(db);
    const secrets = new SecretBox(db, config.secretEncryption);
    const sealed =
      (await sealServiceKeys(db, secrets)) +
      (await sealWebhookSecrets(db, secrets)) +
      (await sealBankAccounts(db, secrets));
    return {
      json: { success: true, applied, sealed_secrets: sealed },
      text: `${applied.length ? `applied ${applied.join(', ')}` : 'schema is up to date'}${sealed ? `; sealed ${sealed} stored secret(s)` : ''}`,
    };
  },

  async 'registry import'(db, options) {
    const [file] = required(options, 'file');
    const done = await importRegistryFile(db, CLI_OPERATOR, file);
    return {
      json: { success: true, import: done },
      text: `imported ${done.lines} license(s) from ${done.file_name}: ${done.added} added, ${done.changed} changed, ${done.unchanged} unchanged`,
    };
  },

  async 'orgs create'(db, options) {
    const [kind, name] = required(options, 'kind', 'name');
    if (kind !== 'client' && kind !== 'company') {
      throw new AppError('validation_failed', '--kind must be client or company', [
        { field: '--kind', message: 'must be client or company' },
      ]);
    }
    const clientTypeName = text(options, 'client-type');
    const clientTypeId = clientTypeName ? await findClientTypeId(db, clientTypeName) : null;
    if (clientTypeName && !clientTypeId) {
      throw new AppError('validation_failed', `Unknown client type ${clientTypeName}`, [
        { field: '--client-type', message: 'is not a client type' },
      ]);
    }
    const partnerId = kind === 'company' ? text(options, 'serves') : text(options, 'served-by');
    const partner = partnerId ? await findOrganization(db, partnerId) : null;
    const partnerKind = kind === 'company' ? 'client' : 'company';
    if (partnerId && partner?.kind !== partnerKind) {
      const flag = kind === 'company' ? '--serves' : '--served-by';
      throw new AppError('validation_failed', `${flag} must name a ${partnerKind}`, [
        { field: flag, message: `does not name a ${partnerKind}` },
      ]);
    }
    const organization = await db.transaction().execute(async (trx) => {
      const created = await insertOrganization(trx, { kind, name, clientTypeId });
      if (partner) {
        const [companyId, clientId] =
          kind === 'company' ? [created.id, partner.id] : [partner.id, created.id];
        await linkCompanyToClient(trx, companyId, clientId);
      }
      return created;
    });
    return {
      json: { success: true, organization: { ...organization, kind } },
      text: `${kind} ${organization.id} ${organization.name}`,
    };
  },

  async 'users create'(db, options) {
    const [email, firstName, lastName, role] = required(options, 'email', 'first-name', 'last-name', 'role');
    const user = await createUser(db, {
      email,
      firstName,
      lastName,
      role: role as Role,
      organizationId: text(options, 'org') ?? null,
      isAdmin: options.admin === true,
      title: text(options, 'title') ?? null,
    });
    return { json: { success: true, user }, text: `user ${user.id} ${user.email}` };
  },

  async 'users move'(db, options) {
    const [email, org] = required(options, 'email', 'org');
    const moved = await moveUser(db, { email, organizationId: org, isAdmin: options.admin === true });
    return {
      json: { success: true, user: moved },
      text: `user ${moved.id} ${moved.email} moved to ${moved.organization_id} as ${moved.role}; ${moved.revoked_key_ids.length} key(s) revoked`,
    };
  },

  async 'keys issue'(db, options) {
    let userId = text(options, 'user');
    const email = text(options, 'email');
    if (!userId && email) {
      const user = await db
        .selectFrom('users')
        .select('id')
        .where('email', '=', email.toLowerCase())
        .executeTakeFirst();
      if (!user) throw new AppError('not_found', `No user with the email ${email}`);
      userId = user.id;
    }
    if (!userId) required(options, 'user');
    const key = await issueApiKey(db, userId!, text(options, 'label') ?? null);
    return {
      json: { success: true, key },
      text: `key ${key.id} for user ${key.user_id} (shown once):\n${key.api_key}`,
    };
  },

  async 'keys revoke'(db, options) {
    const id = text(options, 'id');
    const key = text(options, 'key');
    if (!id && !key) required(options, 'id');
    const revoked = await revokeApiKey(db, id ? { id } : { key: key! });
    return {
      json: { success: true, key: revoked },
      text: `key ${revoked.id} revoked at ${revoked.revoked_at.toISOString()}`,
    };
  },

  async 'clients settings'(db, options) {
    const [clientId] = required(options, 'client');
    const changes: ClientSettingChanges = {};
    for (const [flag, column] of [
      ['client-review-required', 'client_review_required'],
      ['payment-before-assignment', 'payment_before_assignment'],
      ['lender-requests-reviewed', 'lender_requests_reviewed'],
      ['messages-through-company', 'messages_through_company'],
      ['report-release-after-payment', 'report_release_after_payment'],
    ] as const) {
      const value = text(options, flag);
      if (value === undefined) continue;
      if (value !== 'true' && value !== 'false') {
        throw new AppError('validation_failed', `--${flag} must be true or false`, [
          { field: `--${flag}`, message: 'must be true or false' },
        ]);
      }
      changes[column] = value === 'true';
    }
    const companyId = text(options, 'company');
    // An amount, or "none" to clear it; the service says what is wrong with an amount.
    const minimum = text(options, 'eo-minimum-per-claim');
    const settings = await changeClientSettings(db, CLI_OPERATOR, clientId, {
      ...changes,
      ...(minimum === undefined ? {} : { eo_minimum_per_claim: minimum === 'none' ? null : minimum }),
      ...(companyId ? { company_id: companyId } : {}),
    });
    return {
      json: { success: true, settings },
      text: [
        `client ${settings.client_id} as served by company ${settings.company_id}:`,
        `  client_review_required        ${settings.client_review_required}`,
        `  payment_before_assignment     ${settings.payment_before_assignment}`,
        `  lender_requests_reviewed      ${settings.lender_requests_reviewed}`,
        `  messages_through_company      ${settings.messages_through_company}`,
        `  report_release_after_payment  ${settings.report_release_after_payment}`,
        `  eo_minimum_per_claim          ${settings.eo_minimum_per_claim ?? 'none'}`,
      ].join('\n'),
    };
  },

  async 'seed demo'(db, options, config) {
    // --world: the first start's world (two lenders, a panel, 200+ orders with their files);
    // without it, three users with keys and nothing else, for scripts that build their own.
    const world =
      options.world === true
        ? await seedDemoWorld(db, createStorage(config), config.fileNumberPrefix)
        : await seedDemo(db);
    const lines = Object.entries(world.users).map(
      ([role, u]) => `  ${role.padEnd(10)} ${u.email}  key ${u.api_key}`,
    );
    const orders = 'orders' in world ? [`  ${String(world.orders)} orders`] : [];
    return {
      json: world as unknown as Record<string, unknown>,
      text: [`demo client ${world.client_id}, company ${world.company_id}`, ...lines, ...orders].join('\n'),
    };
  },
};
