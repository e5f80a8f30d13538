/**
 * The world the examples of the OpenAPI document describe, named once: an appraisal company,
 * the lender it serves, their people, and one order at 1100 Congress Ave. Ids are fixed, so that
 * the examples agree with each other (the order a list shows is the order GET answers, a path's
 * example id is the one the answer carries).
 */
export const BASE_URL = 'https://appraisals.example.com';

export const COMPANY = { id: 'fabd5fb6-5013-45a0-b68b-a881e4892d08', name: 'Lone Star Appraisal Co' };
export const CLIENT = { id: '2c7a81cd-828b-4362-9698-3570ba2e95b9', name: 'Hill Country Bank' };
export const BRANCH = { id: '4eec8551-7bb2-4ce8-9755-7581f15970c4', name: 'Downtown Austin' };
export const CLIENT_TYPE = { id: 'eefdea94-9083-4862-81c3-b5c8ce6d84fe', name: 'Bank' };

export const CLIENT_ADMIN = {
  id: '4080d07e-e341-43d4-bb37-72dba9b07256',
  name: 'Casey Client',
  email: 'casey.client@hillcountry.example',
};
export const LOAN_OFFICER = {
  id: '57243582-c15e-4dd6-810b-6d7fe87ed14f',
  name: 'Lou Officer',
  email: 'lou.officer@hillcountry.example',
};
export const STAFF = {
  id: 'f506fe16-b09a-4454-b478-b7cbf95f2313',
  name: 'Sam Staffer',
  email: 'sam.staffer@lonestar.example',
};
export const APPRAISER = {
  id: 'c6427c15-337f-4e88-8c72-bb4f499bfc66',
  name: 'Avery Appraiser',
  email: 'avery.appraiser@lonestar.example',
};

export const ORDER_ID = '6f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f';
export const FILE_NUMBER = 'AOM-00000042';
export const BORROWER_PARTY_ID = 'd03ae033-c01f-436a-94ac-3b0be381fc29';
export const CO_BORROWER_ID = '5c87103e-aac9-4c5b-a665-6aafe5a30f54';
export const CONTACT_PARTY_ID = '9ae45bbb-fa1b-4402-929b-dbb5d1e360a3';
export const PRODUCT = { id: '3eab2c91-7cf5-440b-8a56-9aea960e46d6', name: 'Single Family Appraisal (1004)' };
export const PROPERTY_TYPE = {
  id: '5fead7c4-9143-4132-acdf-17f8c24048b8',
  name: 'Single Family',
  slug: 'single_family',
};
export const FILE_TYPE = {
  id: 'ef464c66-bf25-4a61-9099-6432df7ff631',
  name: 'Appraisal Report (PDF)',
  slug: 'appraisal_pdf' as const,
};
export const FILE_ID = '5a6871fb-6a7f-4dbd-9018-534c08339562';
export const NOTE_ID = 'a3bbbc97-c82d-468a-86ea-17fc41c39760';
export const HISTORY_ENTRY_ID = 'c03f179a-1468-454d-88d8-9faf992ba4ed';
export const PAYMENT_ID = 'a29a39ca-badc-414e-aa9a-144c144fd16a';
export const API_KEY_ID = '91033fcc-9668-4b86-a536-3896c45b28cf';
export const WEBHOOK_ID = '896bae8c-99c4-4b8f-8fbf-71b314820fb9';
export const EVENT_ID = '9b6290cb-6c91-46e5-9cfa-90188f929553';
export const DELIVERY_ID = '8dc7b8ce-414c-47f8-9098-a9526aeb839c';
export const REPLAY_DELIVERY_ID = 'a5a62e00-68a4-4e96-ae44-0c542224d23b';

/** A signed link, as the service writes them (the signature and expiry are made up). */
export const signed = (path: string) =>
  `${BASE_URL}${path}?expires=1797811200&signature=kWb3x1c0n9M2rFz8pQ4tLhYv5sJd7eAoGiUuXyZ0a1E`;
export const INVOICE_ID = '7d2e9f41-3b6c-4a85-9e10-c4f2a8b6d3e7';
export const RECEIPT_ID = 'e41b7c2d-9a3f-4d6e-8b50-1f2a3c4d5e6f';
