import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Table types of the database, kept beside the migrations that create them. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export type OrganizationKind = 'client' | 'company';
export const ROLES = ['client', 'staff', 'appraiser', 'operator'] as const;
export type Role = (typeof ROLES)[number];
export const PAYMENT_METHODS = ['payment_link', 'invoice', 'credit_card'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export interface ClientTypesTable {
  id: Generated<string>;
  name: string;
  created_at: CreatedAt;
}

export interface OrganizationsTable {
  id: Generated<string>;
  kind: OrganizationKind;
  name: string;
  client_type_id: string | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface CompanyClientsTable {
  company_id: string;
  client_id: string;
  created_at: CreatedAt;
}

export interface BranchesTable {
  id: Generated<string>;
  client_id: string;
  name: string;
  created_at: CreatedAt;
}

export interface PropertyTypesTable {
  id: Generated<string>;
  name: string;
  slug: string;
  position: number;
}

export interface ProductsTable {
  id: Generated<string>;
  company_id: string;
  name: string;
  service_type: Generated<string>;
  follow_up: Generated<boolean>;
  /** bigint arrives from pg as a string; it is never turned into a float. */
  fee_cents: ColumnType<string, string | number | bigint, string | number | bigint>;
  created_at: CreatedAt;
}

export interface ClientProductsTable {
  client_id: string;
  product_id: string;
}

export interface CompanyPaymentMethodsTable {
  company_id: string;
  method: PaymentMethod;
}

export interface UsersTable {
  id: Generated<string>;
  organization_id: string | null;
  role: Role;
  is_admin: Generated<boolean>;
  email: string;
  first_name: string;
  last_name: string;
  title: string | null;
  invited_by: string | null;
  invited_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface ApiKeysTable {
  id: Generated<string>;
  user_id: string;
  token_hash: Buffer;
  prefix: string;
  label: string | null;
  created_at: CreatedAt;
  revoked_at: Date | null;
}

export interface ServiceSecretsTable {
  name: string;
  value: string;
  created_at: CreatedAt;
}

export interface OrganizationAddressesTable {
  organization_id: string;
  address_one: string;
  address_two: string | null;
  city: string;
  state: string;
  zip: string;
}

export interface ContactsTable {
  id: Generated<string>;
  organization_id: string;
  name: string;
  emails: string[];
  position: number;
  created_at: CreatedAt;
}

export interface ContactPhonesTable {
  id: Generated<string>;
  contact_id: string;
  phone_number: string;
  phone_type: string;
  position: number;
}

export type OutboxStatus = 'pending' | 'delivered' | 'failed';

export interface OutboxMessagesTable {
  id: Generated<string>;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  status: Generated<OutboxStatus>;
  attempts: Generated<number>;
  max_attempts: number;
  next_attempt_at: ColumnType<Date, Date | string | undefined, Date | string>;
  locked_until: Date | null;
  last_error: string | null;
  created_at: CreatedAt;
  delivered_at: Date | null;
}

export interface Database {
  client_types: ClientTypesTable;
  organizations: OrganizationsTable;
  company_clients: CompanyClientsTable;
  branches: BranchesTable;
  property_types: PropertyTypesTable;
  products: ProductsTable;
  client_products: ClientProductsTable;
  company_payment_methods: CompanyPaymentMethodsTable;
  users: UsersTable;
  api_keys: ApiKeysTable;
  service_secrets: ServiceSecretsTable;
  organization_addresses: OrganizationAddressesTable;
  contacts: ContactsTable;
  contact_phones: ContactPhonesTable;
  outbox_messages: OutboxMessagesTable;
}

export type User = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type Organization = Selectable<OrganizationsTable>;
