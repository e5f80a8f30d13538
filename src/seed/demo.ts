import { randomBytes } from 'node:crypto';
import { issueApiKey } from '../api-keys/api-key.service.ts';
import type { Db } from '../db/connection.ts';
import { PAYMENT_METHODS } from '../db/schema.ts';
import {
  findClientTypeId,
  insertOrganization,
  linkCompanyToClient,
} from '../organizations/organization.repository.ts';
import { createUser } from '../users/user.service.ts';
import { seedDemoAppraiserCredentials } from './demo-credentials.ts';

/**
 * A fresh, separate demo world each time: an appraisal company with products and payment
 * methods, a lender it serves with a branch, and users with keys. The three users with keys
 * are admins of their organizations, so every endpoint can be tried with them.
 */
export interface DemoUser {
  id: string;
  email: string;
  api_key: string;
}

export interface DemoWorld {
  client_id: string;
  company_id: string;
  users: { staff: DemoUser; appraiser: DemoUser; client: DemoUser };
}

export const DEMO_PRODUCTS = [
  { name: 'Full Appraisal (1004)', fee_cents: 45000, follow_up: false },
  { name: 'Condominium Appraisal (1073)', fee_cents: 42500, follow_up: false },
  { name: 'Desktop Appraisal (1004 Desktop)', fee_cents: 27500, follow_up: false },
  { name: 'Small Income Property (1025)', fee_cents: 65000, follow_up: false },
  { name: 'Final Inspection (1004D)', fee_cents: 15000, follow_up: true },
] as const;

/**
 * The company's standard appraiser fees (docs/fees.md), everywhere, by product name: about two
 * thirds of the lender's fee, as is common; rush (due within 3 days) and complex add-ons.
 */
export const DEMO_APPRAISER_FEES: Record<(typeof DEMO_PRODUCTS)[number]['name'], number> = {
  'Full Appraisal (1004)': 30000,
  'Condominium Appraisal (1073)': 28500,
  'Desktop Appraisal (1004 Desktop)': 17500,
  'Small Income Property (1025)': 45000,
  'Final Inspection (1004D)': 9500,
};

export async function seedDemo(db: Db): Promise<DemoWorld> {
  const tag = randomBytes(3).toString('hex');
  return db.transaction().execute(async (trx) => {
    const company = await insertOrganization(trx, { kind: 'company', name: `Demo Appraisal Co ${tag}` });
    const client = await insertOrganization(trx, {
      kind: 'client',
      name: `Demo Lender ${tag}`,
      clientTypeId: await findClientTypeId(trx, 'Mortgage Lender'),
    });
    await linkCompanyToClient(trx, company.id, client.id);
    await trx.insertInto('branches').values({ client_id: client.id, name: 'Main Street Branch' }).execute();
    await trx
      .insertInto('company_payment_methods')
      .values(PAYMENT_METHODS.map((method) => ({ company_id: company.id, method })))
      .execute();
    const products = await trx
      .insertInto('products')
      .values(DEMO_PRODUCTS.map((p) => ({ ...p, company_id: company.id })))
      .returning(['id', 'name'])
      .execute();
    await trx
      .insertInto('client_products')
      .values(products.map((p) => ({ client_id: client.id, product_id: p.id })))
      .execute();
    await trx
      .insertInto('appraiser_fee_schedule')
      .values(
        products.map((p) => ({
          company_id: company.id,
          product_id: p.id,
          state_id: null,
          county_id: null,
          fee_cents: DEMO_APPRAISER_FEES[p.name as keyof typeof DEMO_APPRAISER_FEES],
          rush_fee_cents: 7500,
          rush_days: 3,
          complexity_fee_cents: 10000,
        })),
      )
      .execute();

    const person = async (
      role: 'staff' | 'appraiser' | 'client',
      organizationId: string,
      firstName: string,
      lastName: string,
      options: { admin: boolean; title?: string; withKey: boolean },
    ): Promise<DemoUser | null> => {
      const email = `${firstName}.${lastName}+${tag}@demo.example`.toLowerCase();
      const user = await createUser(trx, {
        email,
        firstName,
        lastName,
        role,
        organizationId,
        isAdmin: options.admin,
        title: options.title ?? null,
      });
      if (!options.withKey) return null;
      const key = await issueApiKey(trx, user.id, 'demo');
      return { id: user.id, email: user.email, api_key: key.api_key };
    };

    const staff = await person('staff', company.id, 'Sam', 'Staffer', { admin: true, withKey: true });
    const appraiser = await person('appraiser', company.id, 'Avery', 'Appraiser', {
      admin: true,
      withKey: true,
    });
    const clientUser = await person('client', client.id, 'Casey', 'Client', {
      admin: true,
      title: 'Client Manager',
      withKey: true,
    });
    // Users of the lender that orders can name as parties.
    await person('client', client.id, 'Lou', 'Officer', {
      admin: false,
      title: 'Loan Officer',
      withKey: false,
    });
    await person('client', client.id, 'Pat', 'Processor', {
      admin: false,
      title: 'Processor',
      withKey: false,
    });

    await seedDemoAppraiserCredentials(trx, appraiser!.id, staff!.id, new Date());

    return {
      client_id: client.id,
      company_id: company.id,
      users: { staff: staff!, appraiser: appraiser!, client: clientUser! },
    };
  });
}
