import { Type, type Static } from 'typebox';
import { MONEY_PATTERN } from '../format/money.ts';
import { Id, Nullable, ref } from '../schemas/common.ts';

/**
 * Fee schedules (docs/fees.md): the lender's fee by client × product × state or county, and the
 * appraiser's by product × state or county (the company's standard one and each appraiser's own),
 * each entry with its rush and complexity add-ons.
 */

const Money = (description: string) => Type.String({ pattern: MONEY_PATTERN, description });

export const FeeScheduleCounty = Type.Object(
  {
    fips: Type.String({ description: '5-digit county FIPS code' }),
    name: Type.String({ description: 'As the Census spells it' }),
  },
  { $id: 'FeeScheduleCounty' },
);

const entryView = {
  id: Id(),
  product_id: Id(),
  product_name: Type.String(),
  state: Nullable(Type.String({ description: 'USPS code; null: every state' })),
  county: Nullable(ref(FeeScheduleCounty, 'null: the whole state (or everywhere)')),
  fee: Type.String({ description: 'Decimal string, e.g. "450.00"' }),
  rush_fee: Type.String({ description: 'Added when the due date is fewer than rush_days days away' }),
  rush_days: Nullable(Type.Integer({ description: 'null: the rush fee never applies' })),
  complexity_fee: Type.String({ description: 'Added when the order is marked complex_property' }),
};

const entryInput = {
  product_id: Id("A product of the company's"),
  state: Type.Optional(
    Nullable(
      Type.String({
        minLength: 1,
        maxLength: 40,
        description: 'USPS code (TX); absent or null: every state',
      }),
    ),
  ),
  county: Type.Optional(
    Nullable(
      Type.String({
        pattern: '^[0-9]{5}$',
        description:
          '5-digit county FIPS code (48453); its state is implied. Absent or null: the whole state',
      }),
    ),
  ),
  fee: Money('The fee, e.g. "450.00"'),
  rush_fee: Type.Optional(Nullable(Money('Added for a rush; absent or null: none'))),
  rush_days: Type.Optional(
    Nullable(
      Type.Integer({
        minimum: 1,
        maximum: 60,
        description: 'A due date fewer than this many days away is a rush; needs rush_fee',
      }),
    ),
  ),
  complexity_fee: Type.Optional(Nullable(Money('Added for an order marked complex; absent or null: none'))),
};

export const LenderFeeEntry = Type.Object(
  {
    ...entryView,
    client_id: Nullable(Id('null: every client of the company')),
    client_name: Nullable(Type.String()),
  },
  { $id: 'LenderFeeEntry', description: "One line of the company's fee schedule for lenders" },
);

export const AppraiserFeeEntry = Type.Object(entryView, {
  $id: 'AppraiserFeeEntry',
  description: 'One line of an appraiser fee schedule',
});

export const LenderFeeSchedule = Type.Object(
  {
    company_id: Id(),
    entries: Type.Array(ref(LenderFeeEntry), {
      description: 'By client (everyone first), product, state, county',
    }),
  },
  {
    $id: 'LenderFeeSchedule',
    description:
      "What the company's lenders pay per product: the most specific entry applies (the client's own before everyone's; the county before the state before everywhere), with its add-ons; none: the client's product fee",
  },
);

export const AppraiserFeeSchedule = Type.Object(
  {
    company_id: Id(),
    appraiser_id: Nullable(Id("null: the company's standard schedule for its panel")),
    entries: Type.Array(ref(AppraiserFeeEntry), { description: 'By product, state, county' }),
  },
  {
    $id: 'AppraiserFeeSchedule',
    description:
      "What an appraiser is offered per product: the appraiser's own most specific entry, else the company's standard one, with its add-ons",
  },
);

export const LenderFeeScheduleBody = Type.Object(
  {
    entries: Type.Array(
      Type.Object(
        {
          client_id: Type.Optional(Nullable(Id('A client of the company; absent or null: every client'))),
          ...entryInput,
        },
        { additionalProperties: false },
      ),
      { maxItems: 5000 },
    ),
  },
  {
    $id: 'LenderFeeScheduleRequest',
    additionalProperties: false,
    description: 'The whole schedule, replacing the one recorded; an empty list removes it',
  },
);

export const AppraiserFeeScheduleBody = Type.Object(
  {
    entries: Type.Array(Type.Object(entryInput, { additionalProperties: false }), { maxItems: 5000 }),
  },
  {
    $id: 'AppraiserFeeScheduleRequest',
    additionalProperties: false,
    description: 'The whole schedule, replacing the one recorded; an empty list removes it',
  },
);

export const CompanyParams = Type.Object({ company_id: Id('The company') });

export type LenderFeeEntryView = Static<typeof LenderFeeEntry>;
export type AppraiserFeeEntryView = Static<typeof AppraiserFeeEntry>;
export type LenderFeeScheduleView = Static<typeof LenderFeeSchedule>;
export type AppraiserFeeScheduleView = Static<typeof AppraiserFeeSchedule>;
export type LenderFeeScheduleInput = Static<typeof LenderFeeScheduleBody>;
export type AppraiserFeeScheduleInput = Static<typeof AppraiserFeeScheduleBody>;
export type FeeEntryInput = AppraiserFeeScheduleInput['entries'][number];
