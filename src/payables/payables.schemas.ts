import { Type, type Static } from 'typebox';
import { BANK_ACCOUNT_TYPES, PAY_CYCLES, PAY_ON } from '../db/schema.ts';
import { MONEY_PATTERN } from '../format/money.ts';
import { Id, MoneyOut, Nullable, PageFacts, PageQuery, ref } from '../schemas/common.ts';

/** What the company owes its appraisers (docs/money.md, "Payables" and "Payouts"). */
const Person = Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String() });

export const AchOriginator = Type.Object(
  {
    bank_name: Type.String({
      minLength: 1,
      maxLength: 23,
      description: 'The company’s bank, as the file names it',
    }),
    routing_number: Type.String({
      description: 'The bank’s 9-digit ABA routing number (its check digit is checked)',
    }),
    company_name: Type.String({
      minLength: 1,
      maxLength: 16,
      description: 'As the appraisers’ statements show it',
    }),
    company_id: Type.String({
      description: 'The 10-character company identification the bank gave (often 1 and the EIN)',
    }),
  },
  { additionalProperties: false },
);

export const PayCycle = Type.Object(
  {
    frequency: Type.Enum([...PAY_CYCLES], {
      description: 'weekly: on a weekday; semimonthly: the 15th and the month’s last day; monthly: on a day',
    }),
    day: Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 31,
        description:
          'weekly: 1 (Monday) to 7 (Sunday); monthly: 1 to 31 (a shorter month pays on its last day); semimonthly: null',
      }),
    ),
  },
  { $id: 'PayCycle', additionalProperties: false, description: 'The company’s pay days' },
);

export const PayoutSettings = Type.Object(
  {
    company_id: Type.String({ format: 'uuid' }),
    pay_on: Type.Enum([...PAY_ON], {
      description:
        'When a payable falls due: delivery (the report delivered), client_payment (the lender paid in full) or pay_cycle (the next pay day on or after the delivery)',
    }),
    pay_cycle: Nullable(ref(PayCycle, 'The pay days, with pay_on pay_cycle; null otherwise')),
    ach: Nullable(AchOriginator),
  },
  { $id: 'PayoutSettings', description: 'When the company pays its appraisers and from which account' },
);
export type PayoutSettingsView = Static<typeof PayoutSettings>;

export const PayoutSettingsBody = Type.Object(
  {
    pay_on: Type.Optional(Type.Enum([...PAY_ON])),
    pay_cycle: Type.Optional(
      Nullable(ref(PayCycle, 'Required with pay_on pay_cycle; cleared when pay_on is another')),
    ),
    ach: Type.Optional(Nullable(AchOriginator)),
  },
  { $id: 'PayoutSettingsChange', additionalProperties: false, description: 'Absent fields stay' },
);
export type PayoutSettingsInput = Static<typeof PayoutSettingsBody>;

export const BankAccount = Type.Object(
  {
    appraiser_id: Type.String({ format: 'uuid' }),
    holder_name: Type.String(),
    routing_number: Type.String(),
    account_last4: Type.String({ description: 'The account number is never shown whole' }),
    account_type: Type.Enum([...BANK_ACCOUNT_TYPES]),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'BankAccount', description: 'Where the appraiser is paid' },
);
export type BankAccountView = Static<typeof BankAccount>;

export const BankAccountBody = Type.Object(
  {
    holder_name: Type.String({ minLength: 1, maxLength: 22, description: 'As the bank knows the account' }),
    routing_number: Type.String({ description: '9 digits, a valid ABA routing number' }),
    account_number: Type.String({ description: '4 to 17 digits' }),
    account_type: Type.Enum([...BANK_ACCOUNT_TYPES]),
  },
  { $id: 'BankAccountBody', additionalProperties: false, description: 'Where the appraiser is to be paid' },
);
export type BankAccountInput = Static<typeof BankAccountBody>;

export const Payable = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    order_id: Type.String({ format: 'uuid' }),
    file_number: Type.String(),
    appraiser: Person,
    earned_at: Type.String({ format: 'date-time', description: 'When the report was delivered' }),
    due_on: Nullable(Type.String({ format: 'date', description: 'null: waits for the lender’s payment' })),
    fee: MoneyOut('The fee earned, with changes after the delivery'),
    extras: MoneyOut('Extras the company approved: a second trip, a complex property, a rush'),
    deducted: MoneyOut('Submission fees charged for the order'),
    paid: MoneyOut('Paid out'),
    owed: MoneyOut('What is still owed: fee + extras - deducted - paid'),
    state: Type.Enum(['waiting', 'due', 'held', 'in_batch', 'paid'], {
      description:
        'waiting: not yet due; due: owed and due; held: due but held (the order reopened, or held by the company); in_batch: in a payout batch not yet paid; paid: nothing owed',
    }),
    held_reason: Nullable(Type.String()),
  },
  { $id: 'Payable', description: 'What the company owes an appraiser for one order' },
);
export type PayableView = Static<typeof Payable>;

export const PayableList = Type.Object(
  {
    payables: Type.Array(ref(Payable)),
    totals: Type.Object({
      owed: MoneyOut('Owed, due or not'),
      due: MoneyOut('Owed and due now'),
      paid: MoneyOut('Paid out'),
    }),
    ...PageFacts,
  },
  { $id: 'PayableList', description: 'Payables, newest first, and the totals of all that match' },
);
export type PayableListView = Static<typeof PayableList>;

export const PayableListQuery = Type.Object(
  {
    appraiser_id: Type.Optional(Id('Only this appraiser’s (staff, operators)')),
    state: Type.Optional(
      Type.Enum(['owed', 'paid', 'all'], { default: 'all', description: 'owed: something is still owed' }),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type PayableListInput = Static<typeof PayableListQuery>;

export const PayoutBatch = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    number: Type.String({ description: 'PAY-00000003: the company’s batches, without gaps' }),
    company_id: Type.String({ format: 'uuid' }),
    pay_on: Type.String({ format: 'date', description: 'The day the credits settle' }),
    status: Type.Enum(['draft', 'approved', 'paid']),
    total: MoneyOut('Every line'),
    lines: Type.Array(
      Type.Object({
        appraiser: Person,
        amount: MoneyOut('Paid to them in this batch'),
        payables: Type.Integer({ description: 'How many of their orders it pays' }),
        account_last4: Nullable(Type.String()),
      }),
    ),
    left_out: Type.Array(
      Type.Object({ appraiser: Person, owed: MoneyOut('Due, and not in the batch'), reason: Type.String() }),
      { description: 'Due payables the batch could not take, and why (no bank account)' },
    ),
    created_by: Nullable(Person),
    created_at: Type.String({ format: 'date-time' }),
    approved_by: Nullable(Person),
    approved_at: Nullable(Type.String({ format: 'date-time' })),
    paid_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'PayoutBatch', description: 'Appraisers paid together by one ACH file' },
);
export type PayoutBatchView = Static<typeof PayoutBatch>;

export const PayoutBatchBody = Type.Object(
  {
    pay_on: Type.Optional(
      Type.String({
        format: 'date',
        description: 'The day the credits settle; payables due by then are taken (default today)',
      }),
    ),
  },
  { $id: 'PayoutBatchBody', additionalProperties: false, description: 'A payout batch of what is due' },
);

export const TaxYearQuery = Type.Object(
  {
    year: Type.Integer({
      minimum: 2000,
      maximum: 2100,
      description: 'The calendar year the payouts were paid in',
    }),
  },
  { additionalProperties: false },
);

export const PayableHoldBody = Type.Object(
  {
    reason: Type.String({
      minLength: 1,
      maxLength: 500,
      description: 'Why it is held: kept in the order’s history for the company',
    }),
  },
  { $id: 'PayableHoldBody', additionalProperties: false, description: 'A payable held from payment' },
);

export const PayoutBatchSummary = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    number: Type.String({ description: 'PAY-00000003' }),
    pay_on: Type.String({ format: 'date', description: 'The day the credits settle' }),
    status: Type.Enum(['draft', 'approved', 'paid']),
    total: MoneyOut('Every line'),
    appraisers: Type.Integer({ description: 'How many appraisers it pays' }),
    created_at: Type.String({ format: 'date-time' }),
    approved_at: Nullable(Type.String({ format: 'date-time' })),
    paid_at: Nullable(Type.String({ format: 'date-time' })),
  },
  { $id: 'PayoutBatchSummary', description: 'A payout batch in a list: open it for its lines' },
);

export const PayoutBatchList = Type.Object(
  { payout_batches: Type.Array(ref(PayoutBatchSummary)), ...PageFacts },
  { $id: 'PayoutBatchList', description: 'The company’s payout batches, newest first' },
);
export type PayoutBatchListView = Static<typeof PayoutBatchList>;

export const PayoutBatchListQuery = Type.Object(
  {
    status: Type.Optional(
      Type.Enum(['draft', 'approved', 'paid', 'open', 'all'], {
        default: 'all',
        description: 'open: a draft or approved batch not yet paid',
      }),
    ),
    ...PageQuery,
  },
  { additionalProperties: false },
);
export type PayoutBatchListInput = Static<typeof PayoutBatchListQuery>;

export const AppraiserStatementLine = Type.Object({
  at: Type.String({ format: 'date-time' }),
  kind: Type.Enum(['fee', 'adjustment', 'extra', 'submission_fee', 'payout']),
  file_number: Type.String(),
  description: Type.String({
    description: 'In words: "Fee earned", "Fee changed", "Submission fee", "Payout PAY-00000003"',
  }),
  amount: MoneyOut('Signed as what the company owes the appraiser'),
});

export const AppraiserStatement = Type.Object(
  {
    company: Person,
    appraiser: Person,
    month: Type.String({ description: 'YYYY-MM, in the company’s zone' }),
    opening_owed: MoneyOut('Owed to the appraiser at the start of the month'),
    earned: MoneyOut('Fees earned, fee changes and extras in the month'),
    deducted: MoneyOut('Submission fees charged in the month (a negative amount)'),
    paid: MoneyOut('Payouts in the month (a negative amount)'),
    closing_owed: MoneyOut('Owed at the end of the month: the opening and every line'),
    lines: Type.Array(AppraiserStatementLine),
  },
  {
    $id: 'AppraiserStatement',
    description: 'An appraiser’s monthly statement of what a company owes and paid them',
  },
);
export type AppraiserStatementView = Static<typeof AppraiserStatement>;

export const AppraiserMonthParams = Type.Object({
  appraiser_id: Id('The appraiser'),
  month: Type.String({
    description: 'YYYY-MM, a month of the company’s calendar (422 naming month otherwise)',
  }),
});

export const PayableExtraBody = Type.Object(
  {
    amount: Type.String({
      pattern: MONEY_PATTERN,
      description: 'How much more the appraiser is owed, e.g. "75.00"; more than 0',
    }),
    reason: Type.String({
      minLength: 1,
      maxLength: 500,
      description:
        'What it pays for ("Second trip: the lockbox code was wrong"): on the appraiser’s statement',
    }),
  },
  { $id: 'PayableExtraBody', additionalProperties: false, description: 'An extra approved for an order' },
);
export type PayableExtraInput = Static<typeof PayableExtraBody>;
