import type { Selectable } from 'kysely';
import type { Static, TSchema } from 'typebox';
import type { AuthUser } from '../auth/principal.ts';
import type { Config } from '../config/config.ts';
import type { OrderPatch, OrdersTable } from '../db/schema.ts';
import type { FileToSave } from '../storage/order-files.ts';
import type { Upload } from '../storage/upload.ts';
import type { FileTypeSlugValue } from '../schemas/file-types.ts';
import type { Status } from './statuses.ts';
import type { OwnDecision } from '../policy/acting.ts';
import type { Audience } from '../policy/audience.ts';
import type { ReconsiderationRequest, RovReportCheck, RovResult } from './reconsideration.ts';

/**
 * Who may take an action on an order they can see:
 * - client: a user of the order's client;
 * - staff: a user of the order's company;
 * - appraiser: the appraiser the order is offered or assigned to;
 * - viewer: anyone who sees the order (operators included).
 * Operators otherwise act by naming a user (X-Api-Email).
 */
export type Actor = 'client' | 'staff' | 'appraiser' | 'viewer';

/** The columns of an order that actions read; the executor reads them under a row lock. */
export const ACTION_COLUMNS = [
  'id',
  'file_number',
  'status',
  'resume_status',
  'negotiation_return_status',
  'request_note_id',
  'request_return_status',
  'client_id',
  'company_id',
  'appraiser_id',
  'appraiser_fee_cents',
  'condition_fee_cents',
  'condition_due_date',
  'condition_comments',
  'negotiation_fee_cents',
  'negotiation_due_date',
  'total_fee_cents',
  'paid_cents',
  'credited_cents',
  'payment_method',
  'due_date',
  'vendor_due_date',
  'inspection_scheduled_at',
  'closing_date',
  'milestone',
  'status_since',
  'assignment_minutes',
  'appraiser_minutes',
  'review_minutes',
  'client_minutes',
  'paused_minutes',
] as const;

type StatusColumn = 'status' | 'resume_status' | 'negotiation_return_status' | 'request_return_status';

/** The order as an action sees it. */
export type LockedOrder = Omit<
  Pick<Selectable<OrdersTable>, (typeof ACTION_COLUMNS)[number]>,
  StatusColumn
> & {
  status: Status;
  resume_status: Status | null;
  negotiation_return_status: Status | null;
  request_return_status: Status | null;
};

/** The terms of a round of broadcast or bids (start_bidding; panel/bidding.ts). */
export interface BiddingTerms {
  mode: 'broadcast' | 'bids';
  feeCents: bigint | null;
  feeLocked: boolean;
  dueDate: Date | null;
  dueDateLocked: boolean;
  minBidders: number;
  maxBidders: number;
  deadline: Date;
}

/** The terms of a winning bid, for the order. */
export interface Award {
  bidId: string;
  bidRequestId: string;
  appraiserId: string;
  feeCents: bigint;
  dueDate: Date;
}

/**
 * What an action may ask of the world beyond its order. The executor (orders/order.actions.ts)
 * answers, inside the action's transaction, so that this table holds no SQL.
 */
export interface ActionServices {
  /** Whether the user is an appraiser of the order's company (the ones `assign` may offer to). */
  isCompanyAppraiser(userId: string): Promise<boolean>;
  /** Opens a round of broadcast or bids on the order (panel/bidding.ts); 422 when too few pass the filters. */
  openBidding(terms: BiddingTerms): Promise<{ bidRequestId: string; invited: number }>;
  /** Awards a bid of the order's open round; 422 naming bid_id when it is not one. */
  awardBid(bidId: string): Promise<Award>;
  /** What the fee schedules offer the appraiser for the order; null: no line applies (docs/fees.md). */
  scheduledOfferFee(appraiserId: string): Promise<bigint | null>;
  /**
   * When an offer made now times out, and the appraiser's due date when staff give none, by the
   * company's calendar (orders/order.offer-timing.ts, docs/turn-times.md "Offers").
   */
  offerTiming(): Promise<{ expiresAt: Date; appraiserDueDate: Date; zone: string | null }>;
  /** The ids of the order's products (submitted files may name one). */
  orderProductIds(): Promise<string[]>;
  /** Whether the order's client reviews reports before they are completed. */
  clientReviewRequired(): Promise<boolean>;
  /** Whether the order's client pays before its orders are assigned. */
  clientPaysFirst(): Promise<boolean>;
  /** Whether the company reviews the client's revision and reconsideration requests before the appraiser sees them. */
  lenderRequestsReviewed(): Promise<boolean>;
  /** The file part of the request that a body field names; 422 naming `field` when it is not one. */
  upload(reference: unknown, field: string): Upload;
  /** Saves uploads as the order's files; they are removed again if the change rolls back. */
  saveFiles(files: FileToSave[]): Promise<void>;
  /**
   * Submits a file the acting user uploaded to the order before (POST /orders/{id}/files), as
   * `fileTypeSlug`; 422 naming `field` when it is not such a file. Answers its filename.
   */
  submitUploadedFile(
    fileId: string,
    field: string,
    file: { fileTypeSlug: FileTypeSlugValue; productId: string | null; submissionNo: number },
  ): Promise<{ filename: string }>;
  /** The number of the order's next report submission (1 for the first). */
  nextSubmissionNo(): Promise<number>;
  /**
   * Reads and checks the appraisal report among the submitted files (reports/, docs/reports.md):
   * 422 when it cannot be read, or when its findings are not answered as the company requires.
   * Null when none of the files is an appraisal XML of a known format.
   */
  readReport(files: SubmittedFileReference[], answers: ReportAnswers): Promise<ReportIntake | null>;
  /** Adds a note to the order, written by the acting user, for `audience`; answers its id. */
  addNote(note: {
    subject: string;
    content: string;
    important: boolean;
    audience: Audience;
    /** The note this one passes on; its attachments go with it unless `withAttachments` is false. */
    forwardedFrom?: string;
    withAttachments?: boolean;
  }): Promise<string>;
  /** A note of the order (the text of a request waiting for review). */
  readNote(noteId: string): Promise<{ subject: string | null; content: string } | null>;
  /**
   * Charges the company's submission fee (if it has one) to the appraiser's card on file, and
   * records the charge: `none` when the company charges no fee.
   */
  chargeSubmissionFee(): Promise<SubmissionFeeCharge>;
  /** The order's reconsiderations of value (orders/reconsideration.repository.ts). */
  reconsiderations: ReconsiderationServices;
}

/** What the reconsideration actions record of a request, in the action's transaction. */
export interface ReconsiderationServices {
  /** When the order's borrower-initiated request was made; null when it has none. */
  borrowerInitiatedAt(): Promise<Date | null>;
  /**
   * Records a request, kept as the note `noteId`; `withAppraiser` when it goes to the appraiser
   * at once (the company does not review the lender's requests). Answers its id.
   */
  open(request: ReconsiderationRequest, note: { noteId: string; withAppraiser: boolean }): Promise<string>;
  /** The request the note waiting for the company's review keeps, when it is a reconsideration. */
  inReview(noteId: string): Promise<{
    id: string;
    request: Pick<ReconsiderationRequest, 'reason' | 'initiatedBy' | 'deficiencies' | 'comparables'>;
  } | null>;
  /** The company passed the request on to the appraiser: in its own words, or as written (null). */
  forwarded(id: string, comments: string | null): Promise<void>;
  /** The company answered the request itself; it never reached the appraiser. */
  answered(id: string, answer: string): Promise<void>;
  /**
   * After a submission: records the outcome of the request the appraiser was answering, if one
   * was (the value before and after, and what the revised report's reconsideration section says).
   */
  resubmitted(submissionNo: number): Promise<ReconsiderationOutcomeSummary | null>;
}

/** The outcome of a reconsideration, as the submission's history entry carries it. */
export interface ReconsiderationOutcomeSummary {
  reconsideration_id: string;
  result: RovResult;
  value_before: string | null;
  value_after: string | null;
  report_check: RovReportCheck;
}

/** One submitted file as readReport sees it: the part of the request, or a file uploaded before. */
export interface SubmittedFileReference {
  upload: Upload | null;
  fileId: string | null;
  fileTypeSlug: FileTypeSlugValue;
  /** The request field it came in (`files[0].attachment`). */
  field: string;
}

/** How the appraiser answered the report's findings (docs/reports.md, "Submitting"). */
export interface ReportAnswers {
  override_reason?: string | undefined;
  acknowledge_warnings?: boolean | undefined;
}

export interface ReportSubmissionSummary {
  format: 'uad_3.6' | 'mismo_2.6';
  value: string | null;
  effective_date: string | null;
  fatal_count: number;
  warning_count: number;
}

export interface ReportIntake {
  /** Files that came out of the report: a package's XML and PDF, a MISMO 2.6 file's embedded PDF. */
  extracted: { upload: Upload; fileTypeSlug: FileTypeSlugValue }[];
  /** The submitted file that was a ZIP package (kept whole, as appraisal_env); null when none was. */
  packageUpload: Upload | null;
  /** The package's file id when it was uploaded before and named by file_id: kept as the package (appraisal_env). */
  packageFileId: string | null;
  /** Whether the report has its PDF (submitted beside it, in its package or embedded). */
  hasPdf: boolean;
  /** What was read and found, for the submission's history and its event. */
  summary: ReportSubmissionSummary;
  /** Records the reading and its findings under the submission's number. */
  record(submissionNo: number): Promise<void>;
}

export type SubmissionFeeCharge =
  | { outcome: 'none' }
  | { outcome: 'succeeded'; amount: string }
  | { outcome: 'declined'; amount: string; message: string };

export interface ActionContext<Input> {
  order: LockedOrder;
  input: Input;
  user: AuthUser;
  config: Config;
  now: Date;
  services: ActionServices;
}

export type { OrderPatch };

export interface ActionResult {
  to: Status;
  patch?: OrderPatch;
  /** Who besides the company sees the history entry in full; the action's own when left out. */
  audience?: Audience;
  /** Recorded in the history: the reason or comments given. */
  reason?: string | null;
  details?: Record<string, unknown>;
  /** System events that follow at once in the same transaction (recorded in the history too). */
  then?: { action: string; to: Status; reason?: string | null; details?: Record<string, unknown> }[];
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
  /** Error statuses beyond those every action answers (402: a card was declined), for the API document. */
  errors?: readonly number[];
  /**
   * A decision that is the user's own (policy/acting.ts): nobody acting for them takes it
   * (`person`: what an appraiser commits to and certifies), or only someone of their own
   * organization (`organization`: a lender's decisions on its money).
   */
  own?: OwnDecision;
  /**
   * Who besides the company sees the action's history entry and events in full (policy/audience.ts);
   * anyone else on the order sees only the move of status. Default: everyone.
   */
  audience?: Audience;
  /** When the audience depends on a setting: says how, for the docs (the action's result names it). */
  audienceVaries?: string;
  /**
   * Why the action is not open now although the status allows it (a state of the order beyond
   * its status); null when it is open. Read by allowed_transitions and by the executor (409).
   */
  unavailable?: (order: Pick<LockedOrder, 'request_note_id'>) => string | null;
  apply(context: ActionContext<Static<S>>): Promise<ActionResult> | ActionResult;
}

export function defineAction<S extends TSchema>(definition: ActionDefinition<S>): ActionDefinition {
  return definition;
}
