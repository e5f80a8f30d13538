import { Type, type Static } from 'typebox';
import { PAYMENT_METHODS } from '../db/schema.ts';
import { MONEY_PATTERN } from '../format/money.ts';
import { Nullable } from '../schemas/common.ts';

export const CompanySettings = Type.Object(
  {
    company_id: Type.String({ format: 'uuid' }),
    submission_fee: Nullable(
      Type.String({
        description: "Charged to the appraiser's card on file for each report submitted; null: none",
      }),
    ),
    payment_methods: Type.Array(Type.Enum([...PAYMENT_METHODS]), {
      description: 'How clients may pay the company; orders name one of them',
    }),
  },
  { $id: 'CompanySettings', description: "An appraisal company's own settings" },
);

export const CompanySettingsBody = Type.Object(
  {
    submission_fee: Type.Optional(
      Nullable(
        Type.String({ pattern: MONEY_PATTERN, description: 'A decimal amount, e.g. 15.00; null: none' }),
      ),
    ),
    payment_methods: Type.Optional(
      Type.Array(Type.Enum([...PAYMENT_METHODS]), { minItems: 1, maxItems: 3, uniqueItems: true }),
    ),
  },
  { $id: 'CompanySettingsChange' },
);
export type CompanySettingsBody = Static<typeof CompanySettingsBody>;
