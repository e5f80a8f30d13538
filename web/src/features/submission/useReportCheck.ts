import { useQuery } from '@tanstack/react-query';
import { reportCheckQuery, unreadableReport, type CheckedFile } from '../../queries/reports.ts';

/**
 * The pre-check of the uploaded report, asked for as soon as every file it needs is uploaded
 * (the XML, and the PDF beside a bare XML) and again whenever one is replaced: what the service
 * will find when the report is submitted, before it is. An XML it cannot read is `unreadable`,
 * in its words.
 */
export function useReportCheck(orderId: string, files: CheckedFile[], ready: boolean) {
  const check = useQuery({ ...reportCheckQuery(orderId, files), enabled: ready });
  const unreadable = ready ? unreadableReport(check.error) : null;
  return {
    ready,
    checking: ready && check.isFetching,
    result: ready ? (check.data ?? null) : null,
    unreadable,
    /** A failure other than an unreadable XML (the service not reached): worth asking again. */
    failure: ready && check.error && !unreadable ? check.error : null,
    retry: () => void check.refetch(),
  };
}

export type ReportCheckState = ReturnType<typeof useReportCheck>;
