import { Type, type Static } from 'typebox';
import { Nullable } from '../schemas/common.ts';

/**
 * What a check of a report found. Every check — the GSEs' compliance rules, the reconciliation
 * with the order, the credentials and the comparables — answers in this one shape, so that the
 * appraiser's pre-check, the stored submission and the review page read them alike.
 */
export const FindingSchema = Type.Object(
  {
    id: Type.String({
      description:
        "The check's id: a GSE compliance rule's message id (UAD1001), or the service's own (ORD-ADDRESS, CRD-LICENSE-STATE, CMP-ADJUSTED-PRICE); docs/reports.md lists them",
    }),
    source: Type.Enum(['uad', 'order', 'credential', 'comparable'], {
      description:
        "uad: the GSEs' compliance rules; order: the report against the order; credential: against the panel's records; comparable: the comparables' arithmetic and sanity",
    }),
    severity: Type.Enum(['fatal', 'warning'], {
      description:
        'fatal blocks submission unless the company allows an override; a warning needs an acknowledgement',
    }),
    message: Type.String({ description: 'The sentence a person reads, with its values filled in' }),
    field: Type.String({
      description: 'What it points at: an element path in the XML, or a field of the report summary',
    }),
    line: Nullable(
      Type.Integer({
        description: 'The line of the XML; null when the finding is about something absent or not in the XML',
      }),
    ),
  },
  { $id: 'ReportFinding', description: 'One finding of the checks of a report' },
);
export type Finding = Static<typeof FindingSchema>;
export type FindingSeverity = Finding['severity'];
export type FindingSource = Finding['source'];
