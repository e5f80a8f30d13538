import { nachaFile } from '../payables/nacha.ts';
import { PAYOUT_BATCH_ID } from './payables.ts';
import { SCORECARD_CSV_HEADER } from '../insight/scorecards.csv.ts';
import { ORDER_EXPORT_HEADER } from '../orders/order.mapper.ts';
import {
  API_KEY_ID,
  APPRAISER,
  CLIENT,
  COMPANY,
  CONTACT_PARTY_ID,
  DELIVERY_ID,
  EVENT_ID,
  FILE_ID,
  FILE_NUMBER,
  LOAN_OFFICER,
  NOTE_ID,
  INVOICE_ID,
  ORDER_ID,
  PRODUCT,
  WEBHOOK_ID,
} from './ids.ts';
import { RECONSIDERATION_REQUEST } from './reconsiderations.ts';

/**
 * The examples of operations whose bodies are not one named schema: the bodies of the actions
 * that carry files (their JSON and multipart shapes differ), and answers that are not JSON. By
 * operationId, then media type (requests) or status and media type (answers).
 */
const FILE_BYTES = '%PDF-1.7 (the bytes of the file)';

export const OPERATION_EXAMPLES = {
  requestSubmission: {
    request: {
      'application/json': {
        files: [{ file_id: FILE_ID, file_type: 'appraisal_pdf', product_id: PRODUCT.id }],
        acknowledge_warnings: true,
        override_reason: 'The county renamed the street in 2026; the lender confirmed the address',
      },
      'multipart/form-data': {
        'files[][attachment]': [FILE_BYTES],
        'files[][file_type]': ['appraisal_pdf'],
        'files[][product_id]': [PRODUCT.id],
        acknowledge_warnings: true,
        override_reason: 'The county renamed the street in 2026; the lender confirmed the address',
      },
    },
  },
  checkReport: {
    request: {
      'application/json': {
        files: [{ file_id: FILE_ID, file_type: 'appraisal_xml', product_id: PRODUCT.id }],
      },
      'multipart/form-data': {
        'files[][attachment]': ['PK… (the bytes of the UAD 3.6 ZIP package)'],
        'files[][file_type]': ['appraisal_xml'],
      },
    },
  },
  requestRevision: {
    request: {
      'application/json': { comments: 'Please add a third comparable sale from the same subdivision' },
      'multipart/form-data': {
        comments: 'Please add a third comparable sale from the same subdivision',
        'attachments[]': [FILE_BYTES],
      },
    },
  },
  requestReconsiderationOfValue: {
    request: {
      'application/json': RECONSIDERATION_REQUEST,
      'multipart/form-data': {
        reason: 'alternate_closed_sales',
        summary: RECONSIDERATION_REQUEST.summary,
        initiated_by: 'borrower',
        'deficiencies[][category]': ['comparable_selection'],
        'deficiencies[][description]': [RECONSIDERATION_REQUEST.deficiencies[0]!.description],
        'comparables[][address]': ['412 Lavaca St, Austin, TX 78701'],
        'comparables[][sale_price]': ['455000.00'],
        'comparables[][sale_date]': ['11/02/2026'],
        'comparables[][data_source]': ['MLS 5512034'],
        'comparables[][reason]': ['Same subdivision and builder, 0.2 miles away'],
        'attachments[]': [FILE_BYTES],
      },
    },
  },
  createOrderNote: {
    request: {
      'application/json': {
        content: '<p>The gate code is <b>1234</b>; the dog is friendly.</p>',
        subject: 'Access to the property',
        important: true,
        additional_emails: ['agent@realty.example'],
        audience: 'everyone',
      },
      'multipart/form-data': {
        content: '<p>The gate code is <b>1234</b>; the dog is friendly.</p>',
        subject: 'Access to the property',
        'additional_emails[]': ['agent@realty.example'],
        audience: 'everyone',
        'attachments[]': [FILE_BYTES],
      },
    },
  },
  uploadOrderFile: {
    request: {
      'multipart/form-data': { attachment: FILE_BYTES, file_type: 'appraisal_pdf', audience: 'everyone' },
    },
  },
  importRegistry: {
    request: { 'multipart/form-data': { file: FILE_BYTES } },
  },
  addAppraiserDocument: {
    request: {
      'multipart/form-data': { file: FILE_BYTES, kind: 'eo_certificate', expires_on: '2027-06-30' },
    },
  },
  downloadAppraiserDocument: { responses: { '200': { '*/*': FILE_BYTES } } },
  getServiceIndex: {
    responses: {
      '200': { 'text/html': '<!doctype html><html lang="en"><head><title>Appraisal Orders</title>…' },
    },
  },
  downloadFile: { responses: { '200': { '*/*': FILE_BYTES } } },
  downloadReportPhoto: { responses: { '200': { '*/*': '(the bytes of the image, a PNG here)' } } },
  exportOrders: {
    responses: {
      '200': {
        'text/csv': `${ORDER_EXPORT_HEADER.join(',')}\r\n${FILE_NUMBER},Inspection scheduled,1100 Congress Ave,Austin,TX,78701,${CLIENT.name},Bea Borrower,HC-2026-0042,conventional,purchase,Avery Appraiser,12/15/2026,11/26/2026,,\r\n`,
      },
    },
  },
  getPayoutBatchAchFile: {
    responses: {
      '200': {
        'text/plain': nachaFile({
          originator: {
            bankName: 'Frost Bank',
            routingNumber: '114000093',
            companyName: 'Lone Star Apprsl',
            companyId: '1741234567',
          },
          credits: [
            {
              routingNumber: '111000025',
              accountNumber: '000123456789',
              accountType: 'checking',
              amountCents: 36_000n,
              individualId: APPRAISER.id.replace(/-/g, '').slice(0, 15),
              name: APPRAISER.name,
            },
          ],
          effectiveOn: '2026-12-04',
          createdAt: new Date('2026-12-03T15:04:00Z'),
          batchNumber: 3,
        }),
      },
    },
  },
  exportPayoutBatch: {
    responses: {
      '200': {
        'text/csv': `batch,pay_on,appraiser_id,appraiser,account_holder,routing_number,account_type,account_last4,payables,amount\r\nPAY-00000003,2026-12-04,${APPRAISER.id},${APPRAISER.name},Avery Appraiser,111000025,checking,6789,1,360.00\r\n`,
      },
    },
  },
  exportAppraiserStatement: {
    responses: {
      '200': {
        'text/csv': `date,file_number,description,amount\r\n,,Owed at the start,360.00\r\n2026-11-04,AOM-00000042,Payout PAY-00000003,-360.00\r\n2026-11-18,AOM-00000137,Fee earned,450.00\r\n,,Owed at the end,450.00\r\n`,
      },
    },
  },
  export1099Nec: {
    responses: {
      '200': {
        'text/csv': `appraiser_id,name,email,w9_on_file,total_paid,payouts,reportable\r\n${APPRAISER.id},${APPRAISER.name},${APPRAISER.email},yes,18450.00,24,yes\r\n`,
      },
    },
  },
  exportStatement: {
    responses: {
      '200': {
        'text/csv': `date,invoice,file_number,borrower,loan_number,description,amount\r\n,,,,,Opening balance,450.00\r\n2026-12-04,INV-00000042,${FILE_NUMBER},Bea Borrower,HC-2026-0042,"Payment, Check 10452",-400.00\r\n,,,,,Closing balance,50.00\r\n`,
      },
    },
  },
  exportMargins: {
    responses: {
      '200': {
        'text/csv': `client,name,orders,lender_fees,appraiser_fees,margin,margin_percent\r\n${CLIENT.id},${CLIENT.name},42,21000.00,14175.00,6825.00,32.5\r\n,Total,42,21000.00,14175.00,6825.00,32.5\r\n`,
      },
    },
  },
  exportFeeEvidence: {
    responses: {
      '200': {
        'text/csv': `state,county_fips,county,product,fees,paid,minimum,first_quartile,median,third_quartile,maximum,mean,bids_awarded,conditions_approved,negotiations_approved\r\nTX,48453,Travis County,${PRODUCT.name},42,40,300.00,325.00,337.50,350.00,425.00,338.10,3,2,1\r\n`,
      },
    },
  },
  getFeeEvidencePdf: { responses: { '200': { '*/*': '(the PDF document)' } } },
  getStatementPdf: { responses: { '200': { '*/*': '(the PDF document)' } } },
  exportCompanyStatements: {
    responses: {
      '200': {
        'text/csv': `client_id,client,month,opening_balance,charges,payments,credits,closing_balance,current,days_1_30,days_31_60,days_61_90,days_over_90,lines\r\n${CLIENT.id},${CLIENT.name},2026-12,450.00,550.00,-400.00,-50.00,550.00,550.00,0.00,0.00,0.00,0.00,3\r\n`,
      },
    },
  },
  exportScorecards: {
    responses: {
      '200': {
        'text/csv': `${SCORECARD_CSV_HEADER.join(',')}\r\n${APPRAISER.id},${APPRAISER.name},12,11,0.917,12,5.4,6.1,0.35,3.8,0.9,0.35,0.7,15,13,1,1,0.867,0.067,0.067,1,0.083,0,0,13,9,0.69\r\n,Total,12,11,0.917,12,5.4,6.1,0.35,3.8,0.9,0.35,0.7,15,13,1,1,0.867,0.067,0.067,1,0.083,0,0,13,9,0.69\r\n`,
      },
    },
  },
  getCalendarFeedFile: {
    responses: {
      '200': {
        'text/calendar': [
          'BEGIN:VCALENDAR',
          'VERSION:2.0',
          'PRODID:-//Appraisal Orders//Inspections//EN',
          'BEGIN:VEVENT',
          `UID:inspection-${ORDER_ID}@appraisals.example.com`,
          'DTSTAMP:20261127T140211Z',
          'DTSTART:20261201T150000Z',
          'DTEND:20261201T160000Z',
          `SUMMARY:Inspection ${FILE_NUMBER}: 1100 Congress Ave\\, Austin`,
          'END:VEVENT',
          'END:VCALENDAR',
          '',
        ].join('\r\n'),
      },
    },
  },
  streamEvents: {
    responses: {
      '200': {
        'text/event-stream': `retry: 3000\n\nid: ${EVENT_ID}\nevent: order.status_changed\ndata: {"order_id":"${ORDER_ID}","type":"order.status_changed"}\n\n: heartbeat\n\n`,
      },
    },
  },
};

/** An example value of each path and header parameter, by name: the ids of the examples' world. */
export const PARAMETER_EXAMPLES: Record<string, string | number> = {
  order_id: ORDER_ID,
  client_id: CLIENT.id,
  company_id: COMPANY.id,
  user_id: LOAN_OFFICER.id,
  key_id: API_KEY_ID,
  file_id: FILE_ID,
  note_id: NOTE_ID,
  party_id: CONTACT_PARTY_ID,
  webhook_id: WEBHOOK_ID,
  delivery_id: DELIVERY_ID,
  list: 'orders',
  appraiser_id: APPRAISER.id,
  state: 'TX',
  time_off_id: '3c2b1a09-8f7e-4d6c-9b5a-4e3d2c1b0a9f',
  submission: 2,
  photo: 1,
  bid_request_id: '8e7d6c5b-4a39-4f28-8e17-d6c5b4a39281',
  document_id: '4d5e6f70-8192-4a3b-9c4d-5e6f708192a3',
  view_id: '0b7c4f2e-5d1a-4c3b-9e8f-7a6d5c4b3a21',
  invoice_id: INVOICE_ID,
  batch_id: PAYOUT_BATCH_ID,
  payable_id: '6a5b4c3d-2e1f-4a0b-9c8d-7e6f5a4b3c2d',
  month: '2026-12',
  feed: 'qVWa9vM_x5eMQqgOjHDiYo_mbZDGQ8x-n2BCCocgNLg.ics',
  'X-Api-Email': LOAN_OFFICER.email,
  'X-User-Email': LOAN_OFFICER.email,
  'X-Request-Id': 'los-7f3a9c.1',
  'Idempotency-Key': 'create-order-HC-2026-0042',
  'X-Api-First-Name': 'Nora',
  'X-Api-Last-Name': 'New',
  'X-Api-Role': 'appraiser',
};
