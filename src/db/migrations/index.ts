import type { Migration, MigrationProvider } from 'kysely';
import * as foundation from './2026_11_22_0001_foundation.ts';
import * as clientsOutbox from './2026_11_22_0002_clients_outbox.ts';
import * as orders from './2026_11_22_0003_orders.ts';
import * as filesNotes from './2026_11_22_0004_files_notes.ts';
import * as payments from './2026_11_22_0005_payments.ts';
import * as eventsWebhooks from './2026_11_22_0006_events_webhooks.ts';
import * as idempotency from './2026_11_22_0007_idempotency.ts';
import * as listIndexes from './2026_11_22_0008_list_indexes_outbox_claims.ts';
import * as orderCounts from './2026_11_22_0009_order_counts.ts';
import * as partyRoleKeys from './2026_11_23_0010_party_role_keys.ts';
import * as proposals from './2026_11_23_0011_proposals.ts';
import * as clientSettings from './2026_11_23_0012_client_settings.ts';
import * as noticeSettings from './2026_11_23_0013_notice_settings.ts';
import * as submissionFees from './2026_11_23_0014_submission_fees.ts';
import * as idempotencyShownOnce from './2026_11_23_0015_idempotency_shown_once.ts';
import * as paymentPageLocks from './2026_11_23_0016_payment_page_locks.ts';
import * as pendingPayments from './2026_11_23_0017_pending_payments.ts';
import * as metricsIndexes from './2026_11_23_0018_metrics_indexes.ts';
import * as idempotencySsoToken from './2026_11_23_0019_idempotency_sso_token.ts';
import * as webSessions from './2026_11_23_0020_web_sessions.ts';
import * as eventNotifications from './2026_11_24_0021_event_notifications.ts';
import * as orderVersions from './2026_11_24_0022_order_versions.ts';
import * as calendarFeeds from './2026_11_24_0023_calendar_feeds.ts';
import * as pipelineIndexes from './2026_11_24_0024_pipeline_indexes.ts';
import * as orderFigures from './2026_11_24_0025_order_figures.ts';
import * as userDeactivation from './2026_11_24_0026_user_deactivation.ts';
import * as clientProductFees from './2026_11_24_0027_client_product_fees.ts';
import * as orderChangeNotices from './2026_11_24_0028_order_change_notices.ts';
import * as independence from './2026_11_26_0029_independence.ts';
import * as search from './2026_11_26_0030_search.ts';
import * as accessContact from './2026_11_26_0031_access_contact.ts';
import * as noticesTimeline from './2026_11_26_0032_notices_timeline.ts';
import * as orderListSettings from './2026_11_26_0033_order_list_settings.ts';
import * as companySearchIndexes from './2026_11_26_0036_company_search_indexes.ts';
import * as companySearchIndex from './2026_11_26_0037_company_search_index.ts';
import * as orderFirstProduct from './2026_11_27_0038_order_first_product.ts';
import * as orderPartyStatistics from './2026_11_27_0039_order_party_statistics.ts';
import * as searchIndexNoPendingList from './2026_11_27_0040_search_index_no_pending_list.ts';
import * as appraiserCredentials from './2026_11_27_0041_appraiser_credentials.ts';
import * as credentialExpiryNotices from './2026_11_27_0042_credential_expiry_notices.ts';
import * as clientAppraiserExclusions from './2026_11_27_0043_client_appraiser_exclusions.ts';
import * as appraiserCoverageAndSelection from './2026_11_27_0044_appraiser_coverage_and_selection.ts';
import * as licenseRegistry from './2026_11_27_0045_license_registry.ts';
import * as feeSchedules from './2026_11_28_0046_fee_schedules.ts';
import * as bids from './2026_11_28_0047_bids.ts';
import * as panelRankingIndexes from './2026_11_28_0048_panel_ranking_indexes.ts';
import * as appraiserDocuments from './2026_11_28_0049_appraiser_documents.ts';
import * as panelChanges from './2026_11_28_0050_panel_changes.ts';
import * as certifiedProducts from './2026_11_28_0051_certified_products.ts';
import * as clientEoMinimum from './2026_11_28_0052_client_eo_minimum.ts';
import * as offerAnswers from './2026_11_28_0053_offer_answers.ts';
import * as reportSubmissions from './2026_11_28_0054_report_submissions.ts';
import * as reportFindingReviews from './2026_11_28_0055_report_finding_reviews.ts';
import * as reconsiderations from './2026_11_28_0056_reconsiderations.ts';
import * as reviewChecklist from './2026_11_28_0057_review_checklist.ts';
import * as companyCalendars from './2026_11_28_0058_company_calendars.ts';
import * as clockPauses from './2026_11_28_0059_clock_pauses.ts';
import * as turnTimes from './2026_11_28_0060_turn_times.ts';
import * as milestones from './2026_11_28_0061_milestones.ts';
import * as phaseClocks from './2026_11_28_0062_phase_clocks.ts';
import * as milestoneNotices from './2026_11_28_0063_milestone_notices.ts';
import * as borrowerCopy from './2026_11_28_0064_borrower_copy.ts';
import * as receivables from './2026_11_29_0065_receivables.ts';
import * as payables from './2026_11_29_0066_payables.ts';
import * as cancellationFees from './2026_11_29_0067_cancellation_fees.ts';
import * as invoiceReminders from './2026_11_29_0068_invoice_reminders.ts';
import * as moneyReads from './2026_11_29_0069_money_reads.ts';
import * as payCycles from './2026_11_29_0070_pay_cycles.ts';
import * as payableExtras from './2026_11_29_0071_payable_extras.ts';

/**
 * Every migration, in order. Listed here rather than read from the folder so that the
 * service, the CLI and the tests run exactly the same set without touching the disk.
 */
const migrations: Record<string, Migration> = {
  '2026_11_22_0001_foundation': foundation,
  '2026_11_22_0002_clients_outbox': clientsOutbox,
  '2026_11_22_0003_orders': orders,
  '2026_11_22_0004_files_notes': filesNotes,
  '2026_11_22_0005_payments': payments,
  '2026_11_22_0006_events_webhooks': eventsWebhooks,
  '2026_11_22_0007_idempotency': idempotency,
  '2026_11_22_0008_list_indexes_outbox_claims': listIndexes,
  '2026_11_22_0009_order_counts': orderCounts,
  '2026_11_23_0010_party_role_keys': partyRoleKeys,
  '2026_11_23_0011_proposals': proposals,
  '2026_11_23_0012_client_settings': clientSettings,
  '2026_11_23_0013_notice_settings': noticeSettings,
  '2026_11_23_0014_submission_fees': submissionFees,
  '2026_11_23_0015_idempotency_shown_once': idempotencyShownOnce,
  '2026_11_23_0016_payment_page_locks': paymentPageLocks,
  '2026_11_23_0017_pending_payments': pendingPayments,
  '2026_11_23_0018_metrics_indexes': metricsIndexes,
  '2026_11_23_0019_idempotency_sso_token': idempotencySsoToken,
  '2026_11_23_0020_web_sessions': webSessions,
  '2026_11_24_0021_event_notifications': eventNotifications,
  '2026_11_24_0022_order_versions': orderVersions,
  '2026_11_24_0023_calendar_feeds': calendarFeeds,
  '2026_11_24_0024_pipeline_indexes': pipelineIndexes,
  '2026_11_24_0025_order_figures': orderFigures,
  '2026_11_24_0026_user_deactivation': userDeactivation,
  '2026_11_24_0027_client_product_fees': clientProductFees,
  '2026_11_24_0028_order_change_notices': orderChangeNotices,
  '2026_11_26_0029_independence': independence,
  '2026_11_26_0030_search': search,
  '2026_11_26_0031_access_contact': accessContact,
  '2026_11_26_0032_notices_timeline': noticesTimeline,
  '2026_11_26_0033_order_list_settings': orderListSettings,
  '2026_11_26_0036_company_search_indexes': companySearchIndexes,
  '2026_11_26_0037_company_search_index': companySearchIndex,
  '2026_11_27_0038_order_first_product': orderFirstProduct,
  '2026_11_27_0039_order_party_statistics': orderPartyStatistics,
  '2026_11_27_0040_search_index_no_pending_list': searchIndexNoPendingList,
  '2026_11_27_0041_appraiser_credentials': appraiserCredentials,
  '2026_11_27_0042_credential_expiry_notices': credentialExpiryNotices,
  '2026_11_27_0043_client_appraiser_exclusions': clientAppraiserExclusions,
  '2026_11_27_0044_appraiser_coverage_and_selection': appraiserCoverageAndSelection,
  '2026_11_27_0045_license_registry': licenseRegistry,
  '2026_11_28_0046_fee_schedules': feeSchedules,
  '2026_11_28_0047_bids': bids,
  '2026_11_28_0048_panel_ranking_indexes': panelRankingIndexes,
  '2026_11_28_0049_appraiser_documents': appraiserDocuments,
  '2026_11_28_0050_panel_changes': panelChanges,
  '2026_11_28_0051_certified_products': certifiedProducts,
  '2026_11_28_0052_client_eo_minimum': clientEoMinimum,
  '2026_11_28_0053_offer_answers': offerAnswers,
  '2026_11_28_0054_report_submissions': reportSubmissions,
  '2026_11_28_0055_report_finding_reviews': reportFindingReviews,
  '2026_11_28_0056_reconsiderations': reconsiderations,
  '2026_11_28_0057_review_checklist': reviewChecklist,
  '2026_11_28_0058_company_calendars': companyCalendars,
  '2026_11_28_0059_clock_pauses': clockPauses,
  '2026_11_28_0060_turn_times': turnTimes,
  '2026_11_28_0061_milestones': milestones,
  '2026_11_28_0062_phase_clocks': phaseClocks,
  '2026_11_28_0063_milestone_notices': milestoneNotices,
  '2026_11_28_0064_borrower_copy': borrowerCopy,
  '2026_11_29_0065_receivables': receivables,
  '2026_11_29_0066_payables': payables,
  '2026_11_29_0067_cancellation_fees': cancellationFees,
  '2026_11_29_0068_invoice_reminders': invoiceReminders,
  '2026_11_29_0069_money_reads': moneyReads,
  '2026_11_29_0070_pay_cycles': payCycles,
  '2026_11_29_0071_payable_extras': payableExtras,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: () => Promise.resolve(migrations),
};
