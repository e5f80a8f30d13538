import type { Static } from 'typebox';
import {
  AppraiserFeeEntry,
  AppraiserFeeSchedule,
  AppraiserFeeScheduleBody,
  FeeScheduleCounty,
  LenderFeeEntry,
  LenderFeeSchedule,
  LenderFeeScheduleBody,
} from '../fees/fee-schedule.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { APPRAISER, CLIENT, COMPANY, PRODUCT } from './ids.ts';
import { CancellationFees, CancellationFeesBody } from '../fees/cancellation-fees.schemas.ts';

/** A full appraisal: the lender pays 525.00 in Texas, its own 550.00 in Travis County; the appraiser is offered 325.00 there. */
const FULL_APPRAISAL = {
  product_id: '5b1c9e2f-7a3d-4c6b-8e1f-0a9b8c7d6e5f',
  product_name: 'Full Appraisal (1004)',
};
const TRAVIS: Static<typeof FeeScheduleCounty> = { fips: '48453', name: 'Travis County' };

const TEXAS_LINE: Static<typeof LenderFeeEntry> = {
  id: '1e2d3c4b-5a69-4788-9fa0-b1c2d3e4f5a6',
  client_id: null,
  client_name: null,
  ...FULL_APPRAISAL,
  state: 'TX',
  county: null,
  fee: '525.00',
  rush_fee: '100.00',
  rush_days: 3,
  complexity_fee: '75.00',
};

const APPRAISER_LINE: Static<typeof AppraiserFeeEntry> = {
  id: '2f3e4d5c-6b7a-4899-8a0b-c1d2e3f4a5b6',
  ...FULL_APPRAISAL,
  state: 'TX',
  county: TRAVIS,
  fee: '325.00',
  rush_fee: '50.00',
  rush_days: 3,
  complexity_fee: '50.00',
};

export const FEE_EXAMPLES: NamedExample[] = [
  example(FeeScheduleCounty, TRAVIS),
  example(LenderFeeEntry, TEXAS_LINE),
  example(LenderFeeSchedule, {
    company_id: COMPANY.id,
    entries: [
      TEXAS_LINE,
      {
        ...TEXAS_LINE,
        id: '3a4b5c6d-7e8f-4a9b-8c0d-e1f2a3b4c5d6',
        client_id: CLIENT.id,
        client_name: CLIENT.name,
        county: TRAVIS,
        fee: '550.00',
      },
    ],
  }),
  example(LenderFeeScheduleBody, {
    entries: [
      {
        product_id: FULL_APPRAISAL.product_id,
        state: 'TX',
        fee: '525.00',
        rush_fee: '100.00',
        rush_days: 3,
        complexity_fee: '75.00',
      },
      { client_id: CLIENT.id, product_id: FULL_APPRAISAL.product_id, county: '48453', fee: '550.00' },
    ],
  }),
  example(AppraiserFeeEntry, APPRAISER_LINE),
  example(AppraiserFeeSchedule, {
    company_id: COMPANY.id,
    appraiser_id: APPRAISER.id,
    entries: [APPRAISER_LINE],
  }),
  example(AppraiserFeeScheduleBody, {
    entries: [
      {
        product_id: FULL_APPRAISAL.product_id,
        county: '48453',
        fee: '325.00',
        rush_fee: '50.00',
        rush_days: 3,
        complexity_fee: '50.00',
      },
    ],
  }),
  example(CancellationFees, {
    company_id: COMPANY.id,
    entries: [
      {
        client_id: null,
        client_name: null,
        product_id: PRODUCT.id,
        product_name: PRODUCT.name,
        stage: 'inspection_scheduled',
        lender_fee: '100.00',
        appraiser_fee: '50.00',
      },
      {
        client_id: CLIENT.id,
        client_name: CLIENT.name,
        product_id: PRODUCT.id,
        product_name: PRODUCT.name,
        stage: 'inspected',
        lender_fee: '250.00',
        appraiser_fee: '150.00',
      },
    ],
  }),
  example(CancellationFeesBody, {
    entries: [
      {
        client_id: null,
        product_id: PRODUCT.id,
        stage: 'inspection_scheduled',
        lender_fee: '100.00',
        appraiser_fee: '50.00',
      },
      {
        client_id: CLIENT.id,
        product_id: PRODUCT.id,
        stage: 'inspected',
        lender_fee: '250.00',
        appraiser_fee: '150.00',
      },
    ],
  }),
];
