import type { Static } from 'typebox';
import { statusRef } from '../workflow/statuses.ts';
import { ApiKeySummary, IssueApiKeyBody, IssuedApiKey } from '../api-keys/api-key.schemas.ts';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  SessionInfo,
  SetPasswordRequest,
  SignInRequest,
} from '../sessions/session.schemas.ts';
import {
  CardBody,
  CardOnFile,
  CurrentUser,
  InviteUserBody,
  ManagedUser,
  NotificationSetting,
  NotificationSettingsChange,
  UserChangeBody,
} from '../users/user.schemas.ts';
import { CalendarFeed, CalendarFeedStatus, WorkItem, WorkList } from '../workspace/workspace.schemas.ts';
import { example, type NamedExample } from './example.ts';
import { ACCESS_CONTACT } from './orders.ts';
import {
  API_KEY_ID,
  APPRAISER,
  BASE_URL,
  BRANCH,
  CLIENT,
  CLIENT_ADMIN,
  FILE_NUMBER,
  LOAN_OFFICER,
  ORDER_ID,
  PRODUCT,
} from './ids.ts';

/** Sessions, the current user, API keys, users, and the appraiser's workspace. */
export const SESSION: Static<typeof SessionInfo> = {
  user: {
    id: LOAN_OFFICER.id,
    name: LOAN_OFFICER.name,
    email: LOAN_OFFICER.email,
    role: 'client',
    organization_id: CLIENT.id,
    is_admin: false,
  },
  actor: { id: CLIENT_ADMIN.id, name: CLIENT_ADMIN.name, email: CLIENT_ADMIN.email },
  csrf_token: 'TObAX3UScpMxJISUAHstYwKGpjdy9eLOCu0ZG2KwzJw',
  expires_at: '2026-11-27T23:00:00.000Z',
};

export const CURRENT_USER: Static<typeof CurrentUser> = {
  id: LOAN_OFFICER.id,
  name: LOAN_OFFICER.name,
  email: LOAN_OFFICER.email,
  jwt: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiI1NzI0MzU4Mi1jMTVlLTRkZDYtODEwYi02ZDdmZTg3ZWQxNGYifQ.c2lnbmF0dXJlLW9mLXRoZS1zZXJ2aWNl',
};

export const NOTIFICATION_SETTING: Static<typeof NotificationSetting> = {
  kind: 'new_offer',
  description: 'An order is offered to you, with the time left to answer',
  enabled: true,
};

export const CARD_ON_FILE: Static<typeof CardOnFile> = {
  brand: 'Visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2031,
  name: APPRAISER.name,
  updated_at: '2026-11-20T10:00:00.000Z',
};

export const API_KEY: Static<typeof ApiKeySummary> = {
  id: API_KEY_ID,
  prefix: 'aoms_Kq3vG_',
  label: 'Loan origination system',
  created_at: '2026-11-01T09:30:00.000Z',
  revoked_at: null,
};

export const MANAGED_USER: Static<typeof ManagedUser> = {
  id: LOAN_OFFICER.id,
  name: LOAN_OFFICER.name,
  first_name: 'Lou',
  last_name: 'Officer',
  email: LOAN_OFFICER.email,
  role: 'client',
  is_admin: false,
  active: true,
  invitation_pending: false,
  organization: { id: CLIENT.id, name: CLIENT.name, kind: 'client' },
  invited_at: '2026-10-02T14:00:00.000Z',
  branch: BRANCH,
};

export const WORK_ITEM: Static<typeof WorkItem> = {
  id: ORDER_ID,
  file_number: FILE_NUMBER,
  full_address: '1100 Congress Ave, Unit 4, Austin, TX 78701',
  status: statusRef('Inspection scheduled'),
  next_step: 'inspect',
  due_date: '12/12/2026',
  appraiser_fee: '300.00',
  fee_status: 'on_completion',
  offer_expires_at: null,
  inspection_scheduled_at: '2026-12-01T15:00:00.000Z',
  products: [PRODUCT],
  contact: { name: 'Otto Occupant', phone: '512-555-0102' },
  access_contact: ACCESS_CONTACT,
  special_instructions: '<p>Call the occupant first; gate code <b>1234</b></p>',
};

export const PEOPLE_EXAMPLES: NamedExample[] = [
  example(SessionInfo, SESSION),
  example(SignInRequest, { email: LOAN_OFFICER.email, password: 'correct horse battery staple' }),
  example(ForgotPasswordRequest, { email: LOAN_OFFICER.email }),
  example(SetPasswordRequest, {
    token: 'wRSKlGCPzqhRUZtRfdczuH8kfTYzAJBxwRdKaUrWWi8',
    password: 'correct horse battery staple',
  }),
  example(ChangePasswordRequest, {
    current_password: 'correct horse battery staple',
    password: 'a brand new passphrase',
  }),
  example(CurrentUser, CURRENT_USER),
  example(NotificationSetting, NOTIFICATION_SETTING),
  example(NotificationSettingsChange, {
    new_offer: true,
    revision_requested: true,
    order_on_hold: true,
    order_resumed: true,
    order_cancelled: true,
    appraiser_assigned: true,
    inspection_scheduled: false,
    report_delivered: true,
    request_answered: true,
    payment_due: true,
    negotiation_to_decide: true,
    condition_to_decide: true,
    offer_declined: true,
    negotiation_answered: true,
    client_request_to_review: true,
    appraiser_removed: true,
    condition_rejected: true,
    offer_timed_out: true,
    report_to_review: true,
    info_requested: true,
    order_declined: true,
    lender_order_cancelled: true,
    new_order: true,
    report_submitted: true,
    lender_request_sent: false,
    cancel_requested: true,
    info_provided: true,
    payment_received: false,
    milestone_reminder: true,
    milestone_late: true,
    borrower_copy_due: true,
    invoice_reminder: true,
  }),
  example(CardBody, {
    name: APPRAISER.name,
    number: '4242 4242 4242 4242',
    exp_month: 12,
    exp_year: 2031,
    cvc: '123',
  }),
  example(CardOnFile, CARD_ON_FILE),
  example(ApiKeySummary, API_KEY),
  example(IssueApiKeyBody, { label: 'Loan origination system' }),
  example(IssuedApiKey, {
    success: true,
    id: API_KEY_ID,
    prefix: 'aoms_Kq3vG_',
    label: 'Loan origination system',
    api_key: 'aoms_Kq3vG_x9P2mLrT8wZ4nB6cD1eF3gH5jK7sV0yQa2uE4',
  }),
  example(ManagedUser, MANAGED_USER),
  example(InviteUserBody, {
    email: 'nora.new@hillcountry.example',
    first_name: 'Nora',
    last_name: 'New',
    role: 'client',
    organization_id: CLIENT.id,
    is_admin: false,
  }),
  example(UserChangeBody, { role: 'staff', is_admin: true, active: true, branch_id: BRANCH.id }),
  example(WorkItem, WORK_ITEM),
  example(WorkList, { data: [WORK_ITEM] }),
  example(CalendarFeed, {
    url: `${BASE_URL}/calendar/qVWa9vM_x5eMQqgOjHDiYo_mbZDGQ8x-n2BCCocgNLg.ics`,
    created_at: '2026-11-20T10:00:00.000Z',
  }),
  example(CalendarFeedStatus, { active: true, created_at: '2026-11-20T10:00:00.000Z' }),
];
