import { sql, type Kysely } from 'kysely';

/**
 * Appraiser independence and confidentiality (docs/security.md):
 * - an audience on every record of an order: notes, files, history entries, events (who
 *   besides the company sees it: internal, appraiser, client, everyone);
 * - report files numbered by submission and released to the lender by the company;
 * - the company's settings for a client: lender requests reviewed first, messages through the
 *   company, the report released only once paid;
 * - a lender's requests waiting for the company's review, and the status they came from;
 * - branches on users and orders, and who of a client sees which orders;
 * - the real person behind a web session opened while acting for someone;
 * - a stored object shared by the copies of a forwarded note's attachments.
 *
 * Records written before get the audience their action would have now, as this release
 * decides it (a frozen copy of the rule, not the code's: a migration never changes); the
 * report files of an order past review count as released.
 */
const AUDIENCE_CHECK = sql.raw(`CHECK (audience IN ('internal', 'appraiser', 'client', 'everyone'))`);

const APPRAISER_ACTIONS = [
  'assign',
  'auto_assign',
  'auto_assign_completed',
  'auto_assign_failed',
  'accept_assignment',
  'reject_assignment',
  'offer_timeout',
  'approve_assignment_condition',
  'reject_assignment_condition',
  'request_submission',
  'submission_processed',
  'submission_fee_failed',
  'retry_submission_fee',
  'require_action',
];
const CLIENT_ACTIONS = [
  'request_payment',
  'payment_required',
  'waive_payment',
  'payment_submitted',
  'payment_received',
  'payment_failed',
  'payment_page_locked',
  'send_payment_link',
  'update_payment_method',
  'request_negotiation',
  'approve_negotiation',
  'refuse_negotiation',
  'request_info',
  'provide_info',
  'request_cancel',
  'deny_cancel',
];
const INTERNAL_ACTIONS = ['flag_attention', 'clear_attention'];

const APPRAISER_EVENTS = ['order.assigned', 'order.offer_answered', 'order.submission_received'];
const CLIENT_EVENTS = [
  'order.negotiation_opened',
  'order.negotiation_answered',
  'order.payment_received',
  'order.payment_link_sent',
];

const list = (values: string[]) => sql.join(values.map((v) => sql.lit(v)));

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE notes ADD COLUMN audience text NOT NULL DEFAULT 'everyone' ${AUDIENCE_CHECK},
      ADD COLUMN forwarded_from uuid REFERENCES notes (id),
      ADD COLUMN written_by uuid REFERENCES users (id);
    ALTER TABLE order_files ADD COLUMN audience text NOT NULL DEFAULT 'everyone' ${AUDIENCE_CHECK},
      ADD COLUMN submission_no integer,
      ADD COLUMN released_at timestamptz;
    ALTER TABLE order_history ADD COLUMN audience text NOT NULL DEFAULT 'everyone' ${AUDIENCE_CHECK};
    ALTER TABLE events ADD COLUMN audience text NOT NULL DEFAULT 'everyone' ${AUDIENCE_CHECK};

    ALTER TABLE company_clients
      ADD COLUMN lender_requests_reviewed boolean NOT NULL DEFAULT true,
      ADD COLUMN messages_through_company boolean NOT NULL DEFAULT true,
      ADD COLUMN report_release_after_payment boolean NOT NULL DEFAULT false;

    ALTER TABLE orders ADD COLUMN request_note_id uuid REFERENCES notes (id),
      ADD COLUMN request_return_status text,
      ADD COLUMN branch_id uuid REFERENCES branches (id);
    ALTER TABLE users ADD COLUMN branch_id uuid REFERENCES branches (id);
    ALTER TABLE organizations ADD COLUMN order_visibility text NOT NULL DEFAULT 'all'
      CHECK (order_visibility IN ('all', 'branch', 'own'));
    ALTER TABLE web_sessions ADD COLUMN actor_id uuid REFERENCES users (id) ON DELETE CASCADE;

    -- A forwarded note's attachments are copies that share their stored objects.
    ALTER TABLE order_files DROP CONSTRAINT order_files_storage_key_key;

    CREATE INDEX orders_branch_idx ON orders (branch_id, created_at) WHERE branch_id IS NOT NULL;
    CREATE INDEX order_parties_user_idx ON order_parties (user_id) WHERE user_id IS NOT NULL;
    CREATE INDEX orders_created_by_idx ON orders (created_by);
  `.execute(db);

  await sql`
    UPDATE order_history SET audience = CASE
      WHEN action IN (${list(APPRAISER_ACTIONS)}) THEN 'appraiser'
      WHEN action IN (${list(CLIENT_ACTIONS)}) THEN 'client'
      WHEN action IN (${list(INTERNAL_ACTIONS)}) THEN 'internal'
      ELSE 'everyone' END
    WHERE action IN (${list([...APPRAISER_ACTIONS, ...CLIENT_ACTIONS, ...INTERNAL_ACTIONS])});
    -- Each side's terms under keys of their own (src/policy/terms.ts): an offer's due date is the
    -- appraiser's; the comments of an approved condition were the appraiser's.
    UPDATE order_history SET details = (details - 'due_date') || jsonb_build_object('vendor_due_date', details->'due_date')
     WHERE action = 'assign' AND details ? 'due_date';
    UPDATE order_history SET details = (details - 'comments') || jsonb_build_object('condition_comments', details->'comments')
     WHERE action = 'approve_assignment_condition' AND details ? 'comments';

    UPDATE events SET audience = CASE
      WHEN type IN (${list(APPRAISER_EVENTS)}) THEN 'appraiser'
      WHEN type IN (${list(CLIENT_EVENTS)}) THEN 'client'
      WHEN data->>'action' IN (${list(APPRAISER_ACTIONS)}) THEN 'appraiser'
      WHEN data->>'action' IN (${list(CLIENT_ACTIONS)}) THEN 'client'
      WHEN data->>'action' IN (${list(INTERNAL_ACTIONS)}) THEN 'internal'
      ELSE 'everyone' END
    WHERE type IN (${list([...APPRAISER_EVENTS, ...CLIENT_EVENTS])}) OR type = 'order.status_changed';

    UPDATE order_files f SET submission_no = 1,
           released_at = CASE WHEN o.status IN ('Client quality assurance', 'Completed', 'Fulfilled') OR o.revised
                              THEN f.created_at END
      FROM orders o
     WHERE o.id = f.order_id AND f.source = 'submission';
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP INDEX orders_created_by_idx;
    DROP INDEX order_parties_user_idx;
    DROP INDEX orders_branch_idx;
    ALTER TABLE order_files ADD CONSTRAINT order_files_storage_key_key UNIQUE (storage_key);
    ALTER TABLE web_sessions DROP COLUMN actor_id;
    ALTER TABLE organizations DROP COLUMN order_visibility;
    ALTER TABLE users DROP COLUMN branch_id;
    ALTER TABLE orders DROP COLUMN request_note_id, DROP COLUMN request_return_status, DROP COLUMN branch_id;
    ALTER TABLE company_clients DROP COLUMN lender_requests_reviewed, DROP COLUMN messages_through_company,
      DROP COLUMN report_release_after_payment;
    ALTER TABLE events DROP COLUMN audience;
    ALTER TABLE order_history DROP COLUMN audience;
    ALTER TABLE order_files DROP COLUMN audience, DROP COLUMN submission_no, DROP COLUMN released_at;
    ALTER TABLE notes DROP COLUMN audience, DROP COLUMN forwarded_from, DROP COLUMN written_by;
  `.execute(db);
}
