import type { Trx } from '../db/connection.ts';
import type { FieldProblem } from '../errors/app-error.ts';
import { localDay } from '../format/dates.ts';
import { centsToDecimal, decimalToCents } from '../format/money.ts';
import { detectReportFormat } from '../reports/report-format.ts';
import { date, indicator, text } from '../reports/report-values.ts';
import { uad36Parts } from '../reports/uad36.reader.ts';
import { MalformedXml, parseXml, type XmlNode } from '../reports/xml-tree.ts';
import type { Storage } from '../storage/storage.ts';
import type { RovInitiator, RovReportCheck, RovResult } from '../workflow/reconsideration.ts';
import type { ReconsiderationOutcomeSummary } from '../workflow/types.ts';
import {
  findAwaitingOutcome,
  recordOutcome,
  submissionXmlKeys,
  valuesAround,
  type ReportSection,
} from './reconsideration.repository.ts';

/**
 * The outcome of a reconsideration of value, recorded when the appraiser resubmits after it
 * (docs/reports.md, "Reconsideration of value"): the value of the last report read before the
 * resubmission and of the revised one (report_submissions), and, where the revised report is a
 * UAD 3.6 file, whether its reconsideration section (VALUATION_REPORT/RECONSIDERATIONS_OF_VALUE,
 * and ReconsiderationOfValueIndicator) agrees with the service's record: who initiated the
 * request, whether the value changed, a result dated no earlier than the request. A
 * disagreement is recorded with the outcome, each by its element, for the company's review; it
 * does not refuse the submission (the GSE rules UAD1750–UAD1756 already require the section's
 * elements where the report says a reconsideration was requested).
 */

const REPORT_DETAIL = 'VALUATION_REPORT/VALUATION_REPORT_DETAIL';
const ENTRIES = 'VALUATION_REPORT/RECONSIDERATIONS_OF_VALUE/RECONSIDERATION_OF_VALUE';
/** The largest XML read back (reports/report-reading.ts reads no larger). */
const MOST_XML_BYTES = 30 * 1024 * 1024;

const REQUESTED_BY: Record<string, RovInitiator> = {
  BorrowerInitiated: 'borrower',
  LenderInitiated: 'lender',
};
const REQUESTED_BY_XML: Record<RovInitiator, string> = {
  borrower: 'BorrowerInitiated',
  lender: 'LenderInitiated',
};
const RESULTS: Record<string, 'value_change' | 'no_value_change'> = {
  ValueChange: 'value_change',
  NoValueChange: 'no_value_change',
};
const RESULTS_XML = { value_change: 'ValueChange', no_value_change: 'NoValueChange' } as const;

export async function recordReconsiderationOutcome(
  trx: Trx,
  storage: Storage,
  order: { id: string; submissionNo: number; timeZone: string; now: Date },
): Promise<ReconsiderationOutcomeSummary | null> {
  const pending = await findAwaitingOutcome(trx, order.id);
  if (!pending) return null;
  const { before, after } = await valuesAround(trx, order.id, order.submissionNo);
  const valueBefore = before?.value ? decimalToCents(before.value) : null;
  const valueAfter = after?.value ? decimalToCents(after.value) : null;
  const result: RovResult =
    valueBefore === null || valueAfter === null
      ? 'unknown'
      : valueBefore === valueAfter
        ? 'no_value_change'
        : 'value_change';
  const section =
    after?.format === 'uad_3.6' ? await revisedSection(trx, storage, order.id, order.submissionNo) : null;
  const mismatches = section
    ? compareSection(section, {
        initiatedBy: pending.initiated_by,
        result,
        requestedOn: localDay(pending.requested_at, order.timeZone),
      })
    : [];
  const reportCheck: RovReportCheck =
    section === null ? 'not_checked' : mismatches.length ? 'mismatch' : 'matches';
  await recordOutcome(
    trx,
    pending.id,
    {
      submissionBefore: before?.submission_no ?? null,
      submissionAfter: order.submissionNo,
      valueBeforeCents: valueBefore,
      valueAfterCents: valueAfter,
      result,
      reportCheck,
      reportSection: section,
      mismatches,
    },
    order.now,
  );
  return {
    reconsideration_id: pending.id,
    result,
    value_before: centsToDecimal(valueBefore),
    value_after: centsToDecimal(valueAfter),
    report_check: reportCheck,
  };
}

/** The reconsideration section of the submission's UAD 3.6 file, read back from storage. */
async function revisedSection(
  trx: Trx,
  storage: Storage,
  orderId: string,
  submissionNo: number,
): Promise<ReportSection | null> {
  for (const key of await submissionXmlKeys(trx, orderId, submissionNo)) {
    const bytes = await readStored(storage, key);
    // A package submitted by file_id keeps its file type: its XML was stored beside it.
    if (bytes === null || bytes.readUInt32LE(0) === 0x04034b50) continue;
    const xml = bytes.toString('utf8');
    let root: XmlNode;
    try {
      root = parseXml(xml.charCodeAt(0) === 0xfeff ? xml.slice(1) : xml);
    } catch (error) {
      if (error instanceof MalformedXml) continue;
      throw error;
    }
    if (detectReportFormat(root) === 'uad_3.6') return sectionOf(root);
  }
  return null;
}

async function readStored(storage: Storage, key: string): Promise<Buffer | null> {
  const { body } = await storage.get(key);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MOST_XML_BYTES) {
      body.destroy();
      return null;
    }
    chunks.push(chunk);
  }
  const bytes = Buffer.concat(chunks);
  return bytes.length >= 4 ? bytes : null;
}

/** What the report says of its reconsideration: the latest result where it gives several. */
export function sectionOf(root: XmlNode): ReportSection {
  const analysis = uad36Parts(root).analysis;
  const entries = analysis?.select(ENTRIES) ?? [];
  const latest = entries.reduce<XmlNode | null>((chosen, entry) => {
    if (!chosen) return entry;
    const day = date(entry.value('ReconsiderationOfValueResultDate')) ?? '';
    return day >= (date(chosen.value('ReconsiderationOfValueResultDate')) ?? '') ? entry : chosen;
  }, null);
  return {
    indicator: indicator(analysis?.value(`${REPORT_DETAIL}/ReconsiderationOfValueIndicator`)),
    requested_by: REQUESTED_BY[latest?.value('ReconsiderationOfValueRequestedByType') ?? ''] ?? null,
    result: RESULTS[latest?.value('ReconsiderationOfValueResultType') ?? ''] ?? null,
    result_date: date(latest?.value('ReconsiderationOfValueResultDate')),
    comment: text(latest?.value('ReconsiderationOfValueCommentDescription')),
  };
}

/** Where the section disagrees with the record, each by its element. */
export function compareSection(
  section: ReportSection,
  record: { initiatedBy: RovInitiator; result: RovResult; requestedOn: string },
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (section.indicator !== true)
    problems.push({
      field: 'ReconsiderationOfValueIndicator',
      message: `is ${section.indicator === null ? 'absent' : 'false'}: the revised report does not say a reconsideration of value was requested`,
    });
  const hasEntry =
    section.requested_by !== null ||
    section.result !== null ||
    section.result_date !== null ||
    section.comment !== null;
  if (!hasEntry) {
    problems.push({
      field: 'RECONSIDERATION_OF_VALUE',
      message: 'is absent: the revised report gives no result of the reconsideration of value',
    });
    return problems;
  }
  if (section.requested_by !== record.initiatedBy)
    problems.push({
      field: 'ReconsiderationOfValueRequestedByType',
      message: `is ${section.requested_by ? REQUESTED_BY_XML[section.requested_by] : 'absent'}; the request was initiated by the ${record.initiatedBy} (${REQUESTED_BY_XML[record.initiatedBy]})`,
    });
  if (record.result !== 'unknown' && section.result !== record.result)
    problems.push({
      field: 'ReconsiderationOfValueResultType',
      message: `is ${section.result ? RESULTS_XML[section.result] : 'absent'}; the value ${record.result === 'value_change' ? 'changed' : 'did not change'} from the report before (${RESULTS_XML[record.result]})`,
    });
  if (section.result_date !== null && section.result_date < record.requestedOn)
    problems.push({
      field: 'ReconsiderationOfValueResultDate',
      message: `is ${section.result_date}, before the request of ${record.requestedOn}`,
    });
  return problems;
}
