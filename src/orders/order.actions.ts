import { requireOwnDecision } from '../policy/acting.ts';
import type { AuthUser, Principal } from '../auth/principal.ts';
import {
  clientPaysFirst,
  clientReviewRequired,
  lenderRequestsReviewed,
} from '../clients/client.repository.ts';
import type { Config } from '../config/config.ts';
import type { Db, Trx } from '../db/connection.ts';
import { AppError, invalid } from '../errors/app-error.ts';
import { isUuid } from '../db/ids.ts';
import { OrderFileWriter } from '../storage/order-files.ts';
import type { Storage } from '../storage/storage.ts';
import type { Upload } from '../storage/upload.ts';
import { isCompanyAppraiser } from '../users/user.repository.ts';
import { scheduledOfferFee } from '../panel/offer-fee.ts';
import { awardBid, openBidding } from '../panel/bidding.ts';
import { allowedTransitions, refusalOf } from '../workflow/allowed.ts';
import type { Status } from '../workflow/statuses.ts';
import { ACTIONS_BY_NAME, systemAction } from '../workflow/transitions.ts';
import {
  ACTION_COLUMNS,
  type ActionDefinition,
  type ActionResult,
  type ActionServices,
  type LockedOrder,
  type OrderPatch,
  type ReconsiderationServices,
  type SubmissionFeeCharge,
} from '../workflow/types.ts';
import type { ChargeOutcome, PaymentProvider } from '../cards/card-processor.ts';
import { findCardOnFile } from '../cards/card.repository.ts';
import { centsToDecimal } from '../format/money.ts';
import { companySubmissionFee } from '../organizations/organization.repository.ts';
import { actionEvent } from './order.action-events.ts';
import { copyAttachments, findOrderNote, insertOrderNote } from './order.notes.ts';
import { nextSubmissionNo, releaseReport } from './order.release.ts';
import { findCompanyCalendar } from '../calendar/calendar-settings.repository.ts';
import { resumeClocks } from './order.clock-pause.ts';
import { milestoneOnTransition } from './order.milestones.ts';
import { phaseClockPatch } from './order.phase-clocks.ts';
import { borrowerCopyReminder } from './order.borrower-copy-reminder.ts';
import { postToLedger } from './order.ledger.ts';
import { offerTiming } from './order.offer-timing.ts';
import { ReportIntakeStep } from './order.report-intake.ts';
import { countSubmissionFees, insertSubmissionFee, orderProductIds } from './order.repository.ts';
import { changeOrder, findOrder, findVisibleOrder } from './order.store.ts';
import { recordReconsiderationOutcome } from './reconsideration.outcome.ts';
import {
  borrowerInitiatedAt,
  findInReview,
  insertReconsideration,
  markAnswered,
  markForwarded,
} from './reconsideration.repository.ts';

/**
 * Runs the workflow table (workflow/transitions.ts): takes an action on an order, atomically.
 * The order row is locked, the caller's right and the order's status are checked against the
 * table, and the change, its history and its events are written in one transaction. Of two
 * concurrent actions, the second sees the first's result (and gets 409 if its action is no
 * longer allowed).
 */
export interface ActionDeps {
  db: Db;
  config: Config;
  storage: Storage;
  payments: PaymentProvider;
}

/** The request's file parts, by the references that stand for them in the body. */
export type ResolveUpload = (reference: unknown) => Upload | null;

/** Answers the order's new status. */
export async function performAction(
  deps: ActionDeps,
  principal: Principal,
  orderId: string,
  actionName: string,
  input: unknown,
  resolveUpload: ResolveUpload,
): Promise<Status> {
  const definition = ACTIONS_BY_NAME.get(actionName);
  if (!definition || definition.actors.length === 0)
    throw new AppError('route_not_found', `No action ${actionName}`);
  if (definition.own) requireOwnDecision(principal, definition.own);
  const intakes: ReportIntakeStep[] = [];
  try {
    return await takeAction(deps, principal, orderId, actionName, definition, input, resolveUpload, intakes);
  } finally {
    await Promise.all(intakes.map((intake) => intake.cleanup()));
  }
}

async function takeAction(
  deps: ActionDeps,
  principal: Principal,
  orderId: string,
  actionName: string,
  definition: ActionDefinition,
  input: unknown,
  resolveUpload: ResolveUpload,
  intakes: ReportIntakeStep[],
): Promise<Status> {
  const { user } = principal;
  return OrderFileWriter.run(deps.storage, (writer) =>
    deps.db.transaction().execute(async (trx) => {
      const order = (await findVisibleOrder(trx, user, orderId, {
        columns: ACTION_COLUMNS,
        lock: true,
      })) as LockedOrder;
      checkMayTake(definition, principal, order);
      const services: ActionServices = {
        ...lookups(trx, order, deps.config),
        openBidding: (terms) => openBidding(trx, deps.config, order.id, terms, user.id, new Date()),
        upload(reference, field) {
          const upload = resolveUpload(reference);
          if (!upload)
            throw new AppError('validation_failed', `${field} must be a file`, [
              { field, message: 'must be a file part (multipart/form-data)' },
            ]);
          return upload;
        },
        saveFiles: async (files) => {
          await writer.save(trx, order.id, user.id, files);
        },
        submitUploadedFile: async (fileId, field, file) => {
          const claimed = isUuid(fileId)
            ? await writer.claimUpload(trx, order.id, user.id, fileId, {
                ...file,
                source: 'submission',
                audience: 'everyone',
              })
            : null;
          if (!claimed)
            throw invalid(field, 'is not a file you uploaded to this order and have not submitted');
          return claimed;
        },
        addNote: async ({ withAttachments, ...note }) => {
          const noteId = await insertOrderNote(trx, order.id, principal, { ...note, additionalEmails: [] });
          if (note.forwardedFrom && withAttachments !== false)
            await copyAttachments(trx, order.id, note.forwardedFrom, noteId, note.audience);
          return noteId;
        },
        readNote: (noteId) => findOrderNote(trx, order.id, noteId),
        chargeSubmissionFee: () => chargeSubmissionFee(trx, deps.payments, order),
        readReport: (files, answers) => {
          const intake = new ReportIntakeStep(trx, deps.storage, deps.config.uploadTmpDir, {
            id: order.id,
            userId: user.id,
          });
          intakes.push(intake);
          return intake.read(files, answers);
        },
        reconsiderations: reconsiderationServices(trx, deps, order, user),
      };
      const result = await definition.apply({
        order,
        input: input ?? {},
        user,
        config: deps.config,
        now: new Date(),
        services,
      });
      return applyResult(trx, order, actionName, result, principal, deps.config);
    }),
  );
}

function checkMayTake(definition: ActionDefinition, principal: Principal, order: LockedOrder): void {
  const refusal = refusalOf(definition, principal, order);
  if (refusal === null) return;
  const { user } = principal;
  if (refusal.why === 'role')
    throw new AppError(
      'forbidden',
      `Your role (${user.role}) may not ${definition.action.replace(/_/g, ' ')} on this order`,
    );
  if (refusal.why === 'acting') requireOwnDecision(principal, definition.own!);
  const allowed = allowedTransitions(principal, order).join(', ') || 'none';
  const why =
    refusal.message === `is ${order.status}`
      ? `while the order is ${order.status}`
      : `now: ${refusal.message}`;
  throw new AppError(
    'transition_not_allowed',
    `${definition.action} is not allowed ${why}; allowed now: ${allowed}`,
    [{ field: 'status', message: `is ${order.status}; allowed_transitions: ${allowed}` }],
  );
}

/**
 * Charges the company's fee for a submission to the appraiser's card on file, and records
 * the charge, declined or not. No card on file is a decline the appraiser can fix.
 */
async function chargeSubmissionFee(
  trx: Trx,
  payments: PaymentProvider,
  order: LockedOrder,
): Promise<SubmissionFeeCharge> {
  const fee = await companySubmissionFee(trx, order.company_id);
  if (fee === null || order.appraiser_id === null) return { outcome: 'none' };
  const card = await findCardOnFile(trx, order.appraiser_id);
  const attempt = await countSubmissionFees(trx, order.id);
  const charged: ChargeOutcome = card
    ? await payments.chargeKept(fee, card.token, `${order.id}:submission-fee:${attempt}`)
    : {
        outcome: 'declined',
        message: 'No card on file: add one on your account page, then pay the fee on the order',
      };
  // A card whose bank confirms charges later cannot pay a fee that the submission waits on.
  const charge: ChargeOutcome =
    charged.outcome === 'pending'
      ? { outcome: 'declined', message: "The card's bank must confirm each charge: put another card on file" }
      : charged;
  await insertSubmissionFee(trx, {
    order_id: order.id,
    appraiser_id: order.appraiser_id,
    amount_cents: fee.toString(),
    status:
      charge.outcome === 'succeeded' ? 'succeeded' : charge.outcome === 'declined' ? 'declined' : 'failed',
    provider: payments.name,
    provider_reference: charge.outcome === 'succeeded' ? charge.reference : null,
    card_brand: card?.brand ?? null,
    card_last4: card?.last4 ?? null,
    failure_message: charge.outcome === 'succeeded' ? null : charge.message,
  });
  const amount = centsToDecimal(fee)!;
  return charge.outcome === 'succeeded'
    ? { outcome: 'succeeded', amount }
    : { outcome: 'declined', amount, message: charge.message };
}

/** What the reconsideration actions record, in the action's transaction (orders/reconsideration.*). */
function reconsiderationServices(
  trx: Trx,
  deps: ActionDeps,
  order: LockedOrder,
  user: AuthUser,
): ReconsiderationServices {
  return {
    borrowerInitiatedAt: () => borrowerInitiatedAt(trx, order.id),
    open: (request, note) =>
      insertReconsideration(trx, order.id, request, { ...note, requestedBy: user.id, now: new Date() }),
    inReview: (noteId) => findInReview(trx, order.id, noteId),
    forwarded: (id, comments) => markForwarded(trx, id, { by: user.id, comments, now: new Date() }),
    answered: (id, answer) => markAnswered(trx, id, { by: user.id, answer, now: new Date() }),
    resubmitted: (submissionNo) =>
      recordReconsiderationOutcome(trx, deps.storage, {
        id: order.id,
        submissionNo,
        timeZone: deps.config.timeZone,
        now: new Date(),
      }),
  };
}

/** What actions look up beyond their order, in the action's transaction. */
function lookups(trx: Trx, order: LockedOrder, config: Config) {
  return {
    isCompanyAppraiser: (userId: string) => isCompanyAppraiser(trx, userId, order.company_id),
    scheduledOfferFee: (appraiserId: string) => scheduledOfferFee(trx, order.id, appraiserId, new Date()),
    offerTiming: () => offerTiming(trx, order, config, new Date()),
    awardBid: (bidId: string) => awardBid(trx, config, order.id, bidId, new Date()),
    orderProductIds: () => orderProductIds(trx, order.id),
    clientReviewRequired: () => clientReviewRequired(trx, order.company_id, order.client_id),
    clientPaysFirst: () => clientPaysFirst(trx, order.company_id, order.client_id),
    nextSubmissionNo: () => nextSubmissionNo(trx, order.id),
    lenderRequestsReviewed: () => lenderRequestsReviewed(trx, order.company_id, order.client_id),
  };
}

/** Writes an action's result: the order's new status and fields, its history and events. */
async function applyResult(
  trx: Trx,
  order: LockedOrder,
  actionName: string,
  result: ActionResult,
  principal: Principal | null,
  config: Config,
): Promise<Status> {
  const steps = result.then ?? [];
  const finalStatus = steps.at(-1)?.to ?? result.to;
  // A change of status reads the company's calendar: leaving the statuses that stop the clocks
  // moves the due dates by the business days paused, unless the action sets them itself (a
  // negotiation's new due date); the milestone clock starts, runs on or stops; and the time spent
  // in the status it leaves goes to its phase (the scorecards' turn time).
  const now = new Date();
  const calendar =
    order.status === finalStatus ? null : await findCompanyCalendar(trx, order.company_id, config.timeZone);
  const resumed = calendar ? await resumeClocks(trx, order, finalStatus, calendar, now) : null;
  const clockPatch =
    resumed && result.patch?.due_date === undefined && result.patch?.vendor_due_date === undefined
      ? resumed.patch
      : {};
  const milestonePatch = calendar ? milestoneOnTransition(calendar, order, finalStatus, now) : null;
  const phasePatch = calendar ? phaseClockPatch(calendar, order, now) : null;
  // A delivery sets the reminder of the borrower's copy (Regulation B).
  const copyPatch =
    calendar && finalStatus === 'Completed' ? borrowerCopyReminder(calendar, order.closing_date, now) : null;
  const audienceOf = (action: string) => ACTIONS_BY_NAME.get(action)?.audience ?? 'everyone';
  await changeOrder(
    trx,
    order,
    { ...clockPatch, ...milestonePatch, ...phasePatch, ...copyPatch, ...result.patch, status: finalStatus },
    principal,
    [
      {
        action: actionName,
        from: order.status,
        to: result.to,
        reason: result.reason ?? null,
        details: { ...result.details, ...('due_date' in clockPatch ? { clock: resumed!.details } : {}) },
        audience: result.audience ?? audienceOf(actionName),
        event: actionEvent(actionName, result),
      },
      ...steps.map((step, index) => ({
        action: step.action,
        from: index === 0 ? result.to : steps[index - 1]!.to,
        to: step.to,
        reason: step.reason ?? null,
        details: step.details ?? {},
        audience: audienceOf(step.action),
      })),
    ],
  );
  await postToLedger(trx, order, result, finalStatus, calendar, principal, now);
  await releaseReport(trx, { ...order, status: finalStatus });
  return finalStatus;
}

/**
 * Takes a system event on an order (timers, payments), in the caller's transaction; the order
 * is locked here. Answers false, changing nothing, when the order's status does not allow it.
 */
export async function performSystemAction(
  trx: Trx,
  orderId: string,
  actionName: string,
  config: Config,
  extraPatch: OrderPatch = {},
  details: Record<string, unknown> = {},
): Promise<boolean> {
  const definition = systemAction(actionName);
  const order = (await findOrder(trx, orderId, {
    columns: ACTION_COLUMNS,
    lock: true,
  })) as LockedOrder | null;
  if (!order || !definition.from.includes(order.status)) return false;
  const noFiles = (): never => {
    throw new Error('system actions take no files, notes or requests');
  };
  const result = await definition.apply({
    order,
    input: {},
    user: SYSTEM_USER,
    config,
    now: new Date(),
    services: {
      ...lookups(trx, order, config),
      openBidding: noFiles,
      upload: noFiles,
      saveFiles: noFiles,
      submitUploadedFile: noFiles,
      addNote: noFiles,
      readNote: noFiles,
      chargeSubmissionFee: noFiles,
      readReport: noFiles,
      reconsiderations: {
        borrowerInitiatedAt: noFiles,
        open: noFiles,
        inReview: noFiles,
        forwarded: noFiles,
        answered: noFiles,
        resubmitted: noFiles,
      },
    },
  });
  await applyResult(
    trx,
    order,
    actionName,
    { ...result, patch: { ...result.patch, ...extraPatch }, details: { ...result.details, ...details } },
    null,
    config,
  );
  return true;
}

/** Who system events act as: no organization, no key; the history shows no one. */
const SYSTEM_USER: AuthUser = {
  id: 'system',
  organizationId: null,
  organizationKind: null,
  role: 'operator',
  isAdmin: true,
  email: '',
  firstName: 'System',
  lastName: '',
  branchId: null,
  orderVisibility: 'all',
};
