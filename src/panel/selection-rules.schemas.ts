import { Type, type Static } from 'typebox';
import { MONEY_PATTERN } from '../format/money.ts';
import { Id, Nullable, ref } from '../schemas/common.ts';

/** The factors the engine scores, in the order it shows them (docs/assignment.md, "The engine"). */
export const FACTORS = [
  'distance',
  'workload',
  'turn_time',
  'on_time',
  'quality',
  'acceptance',
  'fee',
] as const;
export type Factor = (typeof FACTORS)[number];

/** What a company starts with: nearness and spreading the work first, then speed and quality. */
export const DEFAULT_WEIGHTS: Readonly<Record<Factor, number>> = {
  distance: 3,
  workload: 3,
  turn_time: 2,
  on_time: 2,
  quality: 2,
  acceptance: 1,
  fee: 1,
};

const WEIGHT_WHAT: Record<Factor, string> = {
  distance: 'Nearer the subject from home scores more (unknown distance: half)',
  workload: 'Fewer open orders, for their capacity, scores more',
  turn_time: 'A shorter mean time from acceptance to submission over the last year scores more',
  on_time: 'More reports submitted by their due date over the last year scores more',
  quality:
    'Fewer reports sent back for a revision or a reconsideration of value over the last year scores more',
  acceptance:
    'More of the offers answered over the last year accepted (not declined, not left to lapse) scores more',
  fee: "A lower last accepted fee for the order's product scores more",
};

const Weight = (factor: Factor) =>
  Type.Integer({ minimum: 0, maximum: 10, description: `0 (ignored) to 10. ${WEIGHT_WHAT[factor]}` });

export const SelectionWeights = Type.Object(
  Object.fromEntries(FACTORS.map((factor) => [factor, Weight(factor)])) as Record<
    Factor,
    ReturnType<typeof Weight>
  >,
  {
    $id: 'SelectionWeights',
    description: 'How much each factor counts: each gives up to 10 × its weight points',
  },
);

export const SelectionRules = Type.Object(
  {
    company_id: Id(),
    weights: ref(SelectionWeights),
    pass_over_past_due: Type.Boolean({
      description: 'An appraiser with an open order past its due date is not chosen',
    }),
    eo_minimum_per_claim: Nullable(
      Type.String({ description: 'The least E&O coverage per claim accepted, a decimal amount; null: any' }),
    ),
    certified_products: Type.Array(Id(), {
      description:
        'Products whose orders need a certified appraiser (certified residential or general), as FHA loans do: a licensed appraiser is not chosen for them',
    }),
  },
  { $id: 'SelectionRules', description: "The company's rules for choosing an appraiser" },
);

export const SelectionRulesBody = Type.Object(
  {
    weights: Type.Optional(
      Type.Partial(
        Type.Object(
          Object.fromEntries(FACTORS.map((factor) => [factor, Weight(factor)])) as Record<
            Factor,
            ReturnType<typeof Weight>
          >,
        ),
        { additionalProperties: false, description: 'The weights that change' },
      ),
    ),
    pass_over_past_due: Type.Optional(Type.Boolean()),
    eo_minimum_per_claim: Type.Optional(
      Nullable(Type.String({ pattern: MONEY_PATTERN, description: 'e.g. 1000000.00; null: any' })),
    ),
    certified_products: Type.Optional(
      Type.Array(Type.String({ description: 'A product of the company' }), {
        maxItems: 100,
        uniqueItems: true,
        description: 'Every product that needs a certified appraiser (the whole list: it replaces the last)',
      }),
    ),
  },
  {
    $id: 'SelectionRulesRequest',
    additionalProperties: false,
    description: 'What changes; a field left out stays as it is',
  },
);

export type SelectionRulesView = Static<typeof SelectionRules>;
export type SelectionRulesInput = Static<typeof SelectionRulesBody>;
export type Weights = Record<Factor, number>;
