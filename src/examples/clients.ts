import type { Static } from 'typebox';
import {
  ClientAccess,
  ClientAccessBody,
  ClientConfiguration,
  ClientProducts,
  ClientProductsBody,
  ClientSettings,
  ClientSettingsBody,
  ClientSummary,
  ClientTypeSummary,
  CreateClientBody,
  CreatedClient,
  PropertyType,
} from '../clients/client.schemas.ts';
import { CompanySettings, CompanySettingsBody } from '../companies/company.schemas.ts';
import { Insight, InsightFigure } from '../insight/insight.schemas.ts';
import { example, type NamedExample } from './example.ts';
import {
  APPRAISER,
  BRANCH,
  CLIENT,
  CLIENT_TYPE,
  COMPANY,
  LOAN_OFFICER,
  PRODUCT,
  PROPERTY_TYPE,
} from './ids.ts';

/** Clients and their configuration, a company's settings, and its figures. */
const SETTINGS: Static<typeof ClientSettings> = {
  client_id: CLIENT.id,
  company_id: COMPANY.id,
  client_review_required: false,
  payment_before_assignment: false,
  lender_requests_reviewed: true,
  messages_through_company: true,
  report_release_after_payment: false,
  eo_minimum_per_claim: '2000000.00',
  payment_terms_days: 30,
  invoice_reminder_days: [-3, 0, 15, 30],
};

/** A figure of the dashboard: a count, and the search of GET /orders that lists those orders. */
const figure = (count: number, orders: Record<string, string>): Static<typeof InsightFigure> => ({
  count,
  orders,
});
const within = (attribute: string, from: string, to: string) => ({
  [`${attribute}_gteq`]: `${from}T00:00:00.000Z`,
  [`${attribute}_lt`]: `${to}T00:00:00.000Z`,
});
const FULFILLED_TERMS = within('fulfilled_at', '2026-06-01', '2026-12-01');
const RECEIVED = figure(61, within('created_at', '2026-06-01', '2026-12-01'));
const FULFILLED = figure(48, FULFILLED_TERMS);

export const CLIENT_EXAMPLES: NamedExample[] = [
  example(ClientSummary, CLIENT),
  example(ClientTypeSummary, CLIENT_TYPE),
  example(PropertyType, PROPERTY_TYPE),
  example(ClientConfiguration, {
    id: CLIENT.id,
    branches: [BRANCH],
    companies: [
      {
        company_id: COMPANY.id,
        company_name: COMPANY.name,
        payment_methods: ['invoice', 'payment_link', 'credit_card'],
        products: [{ ...PRODUCT, service_type: 'residential_appraisals', follow_up: false }],
      },
    ],
    parties: [{ id: LOAN_OFFICER.id, name: LOAN_OFFICER.name }],
    property_types: [PROPERTY_TYPE],
  }),
  example(CreateClientBody, {
    organization: {
      name: CLIENT.name,
      client_type_id: CLIENT_TYPE.id,
      add_all_products: true,
      company_id: COMPANY.id,
      address_attributes: {
        address_one: '600 Congress Ave',
        address_two: 'Floor 12',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
      },
      contacts_attributes: [
        {
          name: 'Casey Client',
          emails: ['casey.client@hillcountry.example'],
          phones_attributes: [{ phone_number: '512-555-0110', phone_type: 'work' }],
        },
      ],
    },
  }),
  example(CreatedClient, { success: true, client: CLIENT }),
  example(ClientSettings, SETTINGS),
  example(ClientSettingsBody, {
    client_review_required: true,
    payment_before_assignment: false,
    lender_requests_reviewed: true,
    messages_through_company: true,
    report_release_after_payment: false,
    eo_minimum_per_claim: '2000000.00',
    payment_terms_days: 45,
    invoice_reminder_days: [-3, 0, 15, 30],
    company_id: COMPANY.id,
  }),
  example(ClientAccess, { client_id: CLIENT.id, order_visibility: 'branch' }),
  example(ClientAccessBody, { order_visibility: 'branch' }),
  example(ClientProducts, {
    client_id: CLIENT.id,
    company_id: COMPANY.id,
    products: [{ ...PRODUCT, standard_fee: '425.00', offered: true, fee: '450.00' }],
  }),
  example(ClientProductsBody, {
    products: [{ product_id: PRODUCT.id, fee: '450.00' }],
    company_id: COMPANY.id,
  }),
  example(CompanySettings, {
    company_id: COMPANY.id,
    submission_fee: '15.00',
    payment_methods: ['invoice', 'payment_link', 'credit_card'],
  }),
  example(CompanySettingsBody, { submission_fee: '15.00', payment_methods: ['invoice', 'credit_card'] }),
  example(InsightFigure, RECEIVED),
  example(Insight, {
    period: { from: '06/01/2026', to: '11/30/2026', months: 6 },
    totals: { received: RECEIVED, completed: FULFILLED },
    weeks: [
      {
        week_start: '11/23/2026',
        received: figure(3, within('created_at', '2026-11-23', '2026-11-30')),
        completed: figure(2, within('completed_at', '2026-11-23', '2026-11-30')),
      },
    ],
    turn_time_by_month: [{ month_start: '11/01/2026', fulfilled: FULFILLED, median_days: 9, p90_days: 14 }],
    turn_time_by_product: [{ product: PRODUCT, fulfilled: FULFILLED, median_days: 9, p90_days: 15 }],
    on_time: {
      fulfilled: FULFILLED,
      on_time: figure(44, { ...FULFILLED_TERMS, on_time_eq: 'true' }),
      late: figure(4, { ...FULFILLED_TERMS, on_time_eq: 'false' }),
      rate: 0.92,
    },
    revisions: {
      fulfilled: FULFILLED,
      revised: figure(5, { ...FULFILLED_TERMS, revised_eq: 'true' }),
      rate: 0.1,
    },
    open_by_appraiser: [
      {
        appraiser: { id: APPRAISER.id, name: APPRAISER.name },
        open: figure(6, { appraiser_id_eq: APPRAISER.id, open_eq: 'true' }),
      },
    ],
  }),
];
