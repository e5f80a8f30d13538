import type { TSchema, Static } from 'typebox';
import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/connection.ts';
import type { OrdersTable } from '../db/schema.ts';
import type { Updateable } from 'kysely';
import type { Status } from './statuses.ts';
import type { OrderFileWriter } from '../files/file.store.ts';
import type { Upload } from '../http/multipart.ts';
import type { LinkSigner } from '../storage/signed-links.ts';
import type { Storage } from '../storage/storage.ts';

/**
 * Who may take an action on an order they can see:
 * - client: a user of the order's client;
 * - staff: a user of the order's company;
 * - appraiser: the appraiser the order is offered or assigned to;
 * - viewer: anyone who sees the order (operators included).
 * Operators otherwise act by naming a user (X-Api-Email).
 */
export type Actor = 'client' | 'staff' | 'appraiser' | 'viewer';

/** The order as an action sees it: read under a row lock in the action's transaction. */
export interface LockedOrder {
  id: string;
  file_number: string;
  status: Status;
  resume_status: Status | null;
  negotiation_return_status: Status | null;
  client_id: string;
  company_id: string;
  appraiser_id: string | null;
  appraiser_fee_cents: string | null;
  condition_fee_cents: string | null;
  condition_due_date: Date | null;
  condition_comments: string | null;
  negotiation_fee_cents: string | null;
  negotiation_due_date: Date | null;
  total_fee_cents: string;
  paid_cents: string;
  payment_method: string;
  due_date: Date;
  vendor_due_date: Date | null;
}

export type OrderPatch = Updateable<OrdersTable>;

/** Files that came with the request, and where to save them (within the action's transaction). */
export interface ActionFiles {
  /** The upload a body field refers to; throws 422 naming `field` when it is not a file. */
  resolve(reference: unknown, field: string): Upload;
  writer: OrderFileWriter;
  storage: Storage;
  links: LinkSigner;
}

export interface ActionContext<Input> {
  trx: Db;
  order: LockedOrder;
  input: Input;
  user: AuthUser;
  config: Config;
  now: Date;
  files: ActionFiles;
}

export interface ActionResult {
  to: Status;
  patch?: OrderPatch;
  /** Recorded in the history: the reason or comments given. */
  reason?: string | null;
  details?: Record<string, unknown>;
  /** System events that follow at once in the same transaction (recorded in the history too). */
  then?: { action: string; to: Status }[];
}

export interface ActionDefinition<S extends TSchema = TSchema> {
  action: string;
  summary: string;
  /** Empty for system events: no endpoint, taken by the service itself. */
  actors: readonly Actor[];
  from: readonly Status[];
  /** Every status the action can lead to (for the docs and the diagram). */
  to: readonly Status[];
  /** The body of PUT /orders/{id}/{action}, as JSON or form fields. */
  input?: S;
  /** The body may carry file parts (multipart/form-data). */
  acceptsFiles?: boolean;
  apply(context: ActionContext<Static<S>>): Promise<ActionResult> | ActionResult;
}

export function defineAction<S extends TSchema>(definition: ActionDefinition<S>): ActionDefinition {
  return definition;
}
