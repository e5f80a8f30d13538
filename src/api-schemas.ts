import type { TSchema } from 'typebox';
import { ApiKeySummary, IssueApiKeyBody, IssuedApiKey } from './api-keys/api-key.schemas.ts';
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
} from './clients/client.schemas.ts';
import { CompanySettings, CompanySettingsBody } from './companies/company.schemas.ts';
import { Insight, InsightFigure } from './insight/insight.schemas.ts';
import { EVENT_PAYLOADS } from './events/event-types.ts';
import {
  FileChangeBody,
  FileType,
  OrderFile,
  UploadedOrderFile,
  UploadFileBody,
} from './files/file.schemas.ts';
import { HealthStatus, ServiceIndex } from './health/health.schemas.ts';
import { CreateNoteBody, ForwardNoteBody, Note } from './notes/note.schemas.ts';
import { AudienceSchema } from './schemas/audience.ts';
import { ACTION_REQUESTS, ActionResponse } from './orders/action.schemas.ts';
import {
  ActionName,
  Appraiser,
  AssignmentCondition,
  CreateOrderBody,
  HistoryEntry,
  LoanType,
  Negotiation,
  OrderDetail,
  OrderList,
  OrderStatusCounts,
  OrderListItem,
  OrderStatus,
  Pagination,
  Party,
  PointOfContact,
  StatusName,
  SubjectAddressBody,
  TransactionType,
} from './orders/order.schemas.ts';
import { AppraiserCandidate, OrderQueues } from './orders/pipeline.schemas.ts';
import { CreatePartyBody, TogglePocBody } from './parties/party.schemas.ts';
import {
  CardPageLock,
  Payment,
  PaymentsSummary,
  SendPaymentLinkRequest,
  UpdatePaymentMethodRequest,
} from './payments/payment.schemas.ts';
import { ErrorBody, FieldProblem, Success } from './schemas/common.ts';
import { CalendarFeed, CalendarFeedStatus, WorkItem, WorkList } from './workspace/workspace.schemas.ts';
import {
  ChangePasswordRequest,
  ForgotPasswordRequest,
  SessionInfo,
  SetPasswordRequest,
  SignInRequest,
} from './sessions/session.schemas.ts';
import {
  CardBody,
  CardOnFile,
  CurrentUser,
  InviteUserBody,
  ManagedUser,
  NotificationSetting,
  NotificationSettingsChange,
  UserChangeBody,
} from './users/user.schemas.ts';
import {
  CreateWebhookBody,
  Delivery,
  ReplayedDelivery,
  RotatedSecret,
  TestEventSent,
  UpdateWebhookBody,
  Webhook,
  WebhookWithSecret,
} from './webhooks/webhook.schemas.ts';

/**
 * Every named schema of the API: registered with the app so that routes reach them by `$ref`,
 * and listed under components.schemas of the OpenAPI document. A route that refers to a
 * schema missing here fails at start.
 */
export const API_SCHEMAS: readonly TSchema[] = [
  Success,
  FieldProblem,
  ErrorBody,
  ServiceIndex,
  HealthStatus,
  SessionInfo,
  SignInRequest,
  ForgotPasswordRequest,
  SetPasswordRequest,
  ChangePasswordRequest,
  CurrentUser,
  NotificationSetting,
  NotificationSettingsChange,
  CardBody,
  CardOnFile,
  ApiKeySummary,
  IssueApiKeyBody,
  IssuedApiKey,
  ClientSummary,
  ClientTypeSummary,
  PropertyType,
  ClientConfiguration,
  CreateClientBody,
  CreatedClient,
  ClientSettings,
  ClientSettingsBody,
  ClientAccess,
  ClientAccessBody,
  ClientProducts,
  ClientProductsBody,
  CompanySettings,
  CompanySettingsBody,
  Insight,
  InsightFigure,
  ManagedUser,
  InviteUserBody,
  UserChangeBody,
  StatusName,
  LoanType,
  TransactionType,
  ActionName,
  OrderStatus,
  Party,
  PointOfContact,
  AssignmentCondition,
  Negotiation,
  OrderDetail,
  OrderListItem,
  Pagination,
  OrderList,
  OrderStatusCounts,
  HistoryEntry,
  CreateOrderBody,
  SubjectAddressBody,
  Appraiser,
  WorkItem,
  WorkList,
  CalendarFeed,
  CalendarFeedStatus,
  OrderQueues,
  AppraiserCandidate,
  ActionResponse,
  ...Object.values(ACTION_REQUESTS),
  FileType,
  OrderFile,
  UploadedOrderFile,
  UploadFileBody,
  FileChangeBody,
  AudienceSchema,
  Note,
  CreateNoteBody,
  ForwardNoteBody,
  CreatePartyBody,
  TogglePocBody,
  CardPageLock,
  Payment,
  PaymentsSummary,
  SendPaymentLinkRequest,
  UpdatePaymentMethodRequest,
  Webhook,
  WebhookWithSecret,
  RotatedSecret,
  Delivery,
  ReplayedDelivery,
  TestEventSent,
  CreateWebhookBody,
  UpdateWebhookBody,
];

/** Named schemas only the OpenAPI document shows: each webhook event's payload. */
export const DOCUMENT_ONLY_SCHEMAS: readonly TSchema[] = EVENT_PAYLOADS;
