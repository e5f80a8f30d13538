import { Type, type Static } from 'typebox';
import { DAY_PATTERN } from '../format/dates.ts';
import { Id, Nullable, NullableNumber, ref } from '../schemas/common.ts';
import { AppraiserParams } from './credential.schemas.ts';

/**
 * Where an appraiser works, what they take and when they are away (docs/assignment.md,
 * "Coverage, products and time off"): what the assignment engine's filters read.
 */

const Day = (description: string) => Type.String({ pattern: DAY_PATTERN, description });

export const CoverageCounty = Type.Object(
  {
    fips: Type.String({ description: '5-digit county FIPS code' }),
    name: Type.String({ description: 'As the Census spells it' }),
    state: Type.String({ description: 'USPS code' }),
  },
  { $id: 'CoverageCounty', description: 'A county the appraiser takes orders in' },
);

export const HomeLocation = Type.Object(
  {
    latitude: Type.Number({ minimum: -90, maximum: 90, description: 'Decimal degrees' }),
    longitude: Type.Number({ minimum: -180, maximum: 180, description: 'Decimal degrees' }),
  },
  { $id: 'HomeLocation', description: 'Where the appraiser works from: distances are measured from here' },
);

export const AppraiserCoverage = Type.Object(
  {
    counties: Type.Array(ref(CoverageCounty), { description: 'By FIPS code' }),
    zips: Type.Array(Type.String({ description: '5-digit ZIP code' }), { description: 'In order' }),
    home: Nullable(ref(HomeLocation)),
    radius_miles: Nullable(
      Type.Integer({
        description: 'Orders within this many miles of home are covered; null: none by distance',
      }),
    ),
    products: Type.Array(Type.Object({ id: Id(), name: Type.String() }), {
      description: "The company's products they take; empty: every product",
    }),
  },
  {
    $id: 'AppraiserCoverage',
    description:
      'Where the appraiser takes orders: a subject in one of the counties or ZIP codes, or within the radius of home, is covered; and the products they take',
  },
);

export const CoverageBody = Type.Object(
  {
    counties: Type.Array(
      Type.String({ pattern: '^[0-9]{5}$', description: '5-digit county FIPS code (48453)' }),
      {
        maxItems: 500,
        uniqueItems: true,
      },
    ),
    zips: Type.Array(Type.String({ pattern: '^[0-9]{5}$', description: '5-digit ZIP code (78701)' }), {
      maxItems: 2000,
      uniqueItems: true,
    }),
    home: Type.Optional(Nullable(ref(HomeLocation))),
    radius_miles: Type.Optional(
      NullableNumber(Type.Integer({ minimum: 1, maximum: 500, description: 'Needs home' })),
    ),
    product_ids: Type.Optional(
      Type.Array(Id("A product of the appraiser's company"), { maxItems: 200, uniqueItems: true }),
    ),
  },
  {
    $id: 'AppraiserCoverageRequest',
    additionalProperties: false,
    description:
      'The whole coverage, replacing what was recorded; `home`, `radius_miles` and `product_ids` left out stay as they are',
  },
);

export const TimeOff = Type.Object(
  {
    id: Id(),
    starts_on: Day('YYYY-MM-DD: the first day away'),
    ends_on: Day('YYYY-MM-DD: the last day away'),
    note: Nullable(Type.String()),
  },
  { $id: 'TimeOff', description: 'Days the appraiser is away: no order is offered to them by the engine' },
);

export const TimeOffBody = Type.Object(
  {
    starts_on: Day('YYYY-MM-DD: the first day away'),
    ends_on: Day('YYYY-MM-DD: the last day away, on or after starts_on'),
    note: Type.Optional(Nullable(Type.String({ maxLength: 500 }))),
  },
  { $id: 'TimeOffRequest', additionalProperties: false, description: 'A stretch of days away' },
);

export const StateParams = Type.Object({
  state: Type.String({ minLength: 1, maxLength: 40, description: 'USPS code (TX)' }),
});

export const TimeOffParams = Type.Object({
  ...AppraiserParams.properties,
  time_off_id: Id('The time off'),
});

export type CoverageInput = Static<typeof CoverageBody>;
export type CoverageView = Static<typeof AppraiserCoverage>;
export type TimeOffInput = Static<typeof TimeOffBody>;
export type TimeOffView = Static<typeof TimeOff>;
