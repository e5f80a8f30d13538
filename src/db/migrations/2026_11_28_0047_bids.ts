import { sql, type Kysely } from 'kysely';

/**
 * Offering an order to several appraisers at once (docs/assignment.md, "Broadcast and bids"):
 * - a request per round: `broadcast` (the first to accept takes the order at the terms offered)
 *   or `bids` (each invited appraiser answers with a fee and a due date until the deadline, and
 *   staff award one); the fee and the due date each locked or open to the bidder; the least
 *   and most appraisers invited; at most one open round per order;
 * - who was invited, in the engine's order, with the fee the schedules offer each;
 * - each appraiser's bid, one per round, changed until the deadline, and what became of it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE bid_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
      mode text NOT NULL CHECK (mode IN ('broadcast', 'bids')),
      fee_cents bigint CHECK (fee_cents >= 0),
      fee_locked boolean NOT NULL,
      due_date timestamptz,
      due_date_locked boolean NOT NULL,
      min_bidders integer NOT NULL CHECK (min_bidders >= 1),
      max_bidders integer NOT NULL CHECK (max_bidders BETWEEN min_bidders AND 50),
      deadline timestamptz NOT NULL,
      status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'awarded', 'closed')),
      awarded_bid_id uuid,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      CHECK (NOT fee_locked OR fee_cents IS NOT NULL),
      CHECK (NOT due_date_locked OR due_date IS NOT NULL)
    );
    CREATE UNIQUE INDEX bid_requests_one_open ON bid_requests (order_id) WHERE status = 'open';
    CREATE INDEX bid_requests_order_idx ON bid_requests (order_id, created_at DESC);
    CREATE TABLE bid_invitations (
      bid_request_id uuid NOT NULL REFERENCES bid_requests (id) ON DELETE CASCADE,
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      rank integer NOT NULL,
      offer_fee_cents bigint,
      PRIMARY KEY (bid_request_id, appraiser_id)
    );
    CREATE INDEX bid_invitations_appraiser_idx ON bid_invitations (appraiser_id);
    CREATE TABLE bids (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      bid_request_id uuid NOT NULL REFERENCES bid_requests (id) ON DELETE CASCADE,
      appraiser_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      fee_cents bigint NOT NULL CHECK (fee_cents >= 0),
      due_date timestamptz NOT NULL,
      comment text,
      status text NOT NULL DEFAULT 'placed' CHECK (status IN ('placed', 'won', 'lost')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (bid_request_id, appraiser_id),
      FOREIGN KEY (bid_request_id, appraiser_id) REFERENCES bid_invitations (bid_request_id, appraiser_id)
    );
    ALTER TABLE bid_requests ADD FOREIGN KEY (awarded_bid_id) REFERENCES bids (id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE bid_requests DROP COLUMN awarded_bid_id;
    DROP TABLE bids, bid_invitations, bid_requests;
  `.execute(db);
}
