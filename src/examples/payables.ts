import type { Static } from 'typebox';
import {
  BankAccount,
  BankAccountBody,
  Payable,
  PayableExtraBody,
  PayableHoldBody,
  PayableList,
  PayoutBatch,
  PayoutBatchBody,
  PayoutBatchList,
  PayoutBatchSummary,
  AppraiserStatement,
  PayCycle,
  PayoutSettings,
  PayoutSettingsBody,
} from '../payables/payables.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { APPRAISER, COMPANY, FILE_NUMBER, ORDER_ID, STAFF } from './ids.ts';

/** What the company owes its appraisers: a payable, a batch, the settings and a bank account. */
export const PAYOUT_BATCH_ID = '2f8e4d6c-1a3b-4c5d-9e7f-8a9b0c1d2e3f';
const APPRAISER_REF = { id: APPRAISER.id, name: APPRAISER.name };
const STAFF_REF = { id: STAFF.id, name: STAFF.name };
const ACH = {
  bank_name: 'Frost Bank',
  routing_number: '114000093',
  company_name: 'Lone Star Apprsl',
  company_id: '1741234567',
};

const BATCH_SUMMARY: Static<typeof PayoutBatchSummary> = {
  id: PAYOUT_BATCH_ID,
  number: 'PAY-00000003',
  pay_on: '2026-12-04',
  status: 'approved',
  total: '1125.00',
  appraisers: 2,
  created_at: '2026-12-03T15:00:00.000Z',
  approved_at: '2026-12-03T16:00:00.000Z',
  paid_at: null,
};

const PAYABLE: Static<typeof Payable> = {
  id: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  order_id: ORDER_ID,
  file_number: FILE_NUMBER,
  appraiser: APPRAISER_REF,
  earned_at: '2026-11-30T16:20:00.000Z',
  due_on: '2026-11-30',
  fee: '375.00',
  extras: '0.00',
  deducted: '15.00',
  paid: '0.00',
  owed: '360.00',
  state: 'due',
  held_reason: null,
};

export const PAYABLE_EXAMPLES: NamedExample[] = [
  example(PayoutSettings, {
    company_id: COMPANY.id,
    pay_on: 'pay_cycle',
    pay_cycle: { frequency: 'weekly', day: 5 },
    ach: ACH,
  }),
  example(PayCycle, { frequency: 'semimonthly', day: null }),
  example(AppraiserStatement, {
    company: { id: COMPANY.id, name: COMPANY.name },
    appraiser: APPRAISER_REF,
    month: '2026-11',
    opening_owed: '360.00',
    earned: '450.00',
    deducted: '-25.00',
    paid: '-360.00',
    closing_owed: '425.00',
    lines: [
      {
        at: '2026-11-04T16:00:00.000Z',
        kind: 'payout',
        file_number: FILE_NUMBER,
        description: 'Payout PAY-00000003',
        amount: '-360.00',
      },
      {
        at: '2026-11-18T21:30:00.000Z',
        kind: 'fee',
        file_number: 'AOM-00000137',
        description: 'Fee earned',
        amount: '450.00',
      },
      {
        at: '2026-11-18T21:30:00.000Z',
        kind: 'submission_fee',
        file_number: 'AOM-00000137',
        description: 'Submission fee',
        amount: '-25.00',
      },
    ],
  }),
  example(PayoutSettingsBody, { pay_on: 'client_payment', ach: ACH }),
  example(BankAccount, {
    appraiser_id: APPRAISER.id,
    holder_name: 'Avery Appraiser',
    routing_number: '111000025',
    account_last4: '6789',
    account_type: 'checking',
    updated_at: '2026-11-20T15:00:00.000Z',
  }),
  example(BankAccountBody, {
    holder_name: 'Avery Appraiser',
    routing_number: '111000025',
    account_number: '000123456789',
    account_type: 'checking',
  }),
  example(Payable, PAYABLE),
  example(PayableList, {
    payables: [PAYABLE],
    totals: { owed: '360.00', due: '360.00', paid: '1250.00' },
    page: 1,
    per_page: 25,
    total_count: 1,
  }),
  example(PayoutBatch, {
    id: PAYOUT_BATCH_ID,
    number: 'PAY-00000003',
    company_id: COMPANY.id,
    pay_on: '2026-12-04',
    status: 'approved',
    total: '360.00',
    lines: [{ appraiser: APPRAISER_REF, amount: '360.00', payables: 1, account_last4: '6789' }],
    left_out: [
      {
        appraiser: { id: 'b1c2d3e4-f5a6-4b7c-8d9e-0f1a2b3c4d5e', name: 'Riley Reviewer' },
        owed: '425.00',
        reason: 'No bank account: the appraiser adds one on their account page',
      },
    ],
    created_by: STAFF_REF,
    created_at: '2026-12-03T15:00:00.000Z',
    approved_by: STAFF_REF,
    approved_at: '2026-12-03T16:00:00.000Z',
    paid_at: null,
  }),
  example(PayoutBatchBody, { pay_on: '2026-12-04' }),
  example(PayoutBatchSummary, BATCH_SUMMARY),
  example(PayoutBatchList, { payout_batches: [BATCH_SUMMARY], page: 1, per_page: 25, total_count: 1 }),
  example(PayableExtraBody, { amount: '75.00', reason: 'Second trip: the lockbox code was wrong' }),
  example(PayableHoldBody, { reason: 'The lender disputes the report: held until the revision is in' }),
];
