import { AUDIENCE_MEANINGS } from '../policy/audience.ts';
import { OPEN, STATUSES, statusCategory, statusId, type Status } from './statuses.ts';
import { ACTIONS } from './transitions.ts';
import type { ActionDefinition } from './types.ts';

/**
 * Renders docs/workflow.md from the workflow table, so the document cannot drift from the
 * code: `npm run docs:workflow` writes it, and a test fails when it is stale.
 */
const ACTOR_LABELS = {
  client: 'client',
  staff: 'staff',
  appraiser: 'the appraiser',
  viewer: 'anyone who sees the order',
} as const;

const isReturn = (to: readonly Status[]): boolean => to.length === OPEN.length;

function targets(to: readonly Status[]): string {
  return isReturn(to) ? 'the status before' : to.join(' / ');
}

/** Who may take the action for its actors, when someone acts for them (policy/acting.ts). */
function actingFor(a: ActionDefinition): string {
  if (!a.own) return '';
  return a.own.by === 'person'
    ? ' (nobody acting for them)'
    : ' (only their own organization acting for them)';
}

/** Who besides the company reads the action's history entry and events in full (a star: it depends). */
const readBy = (a: ActionDefinition) =>
  a.audienceVaries ? 'client or everyone\\*' : (a.audience ?? 'everyone');

export function renderWorkflowDocument(): string {
  const rows = ACTIONS.map((a) => {
    const who = a.actors.length ? a.actors.map((x) => ACTOR_LABELS[x]).join(', ') + actingFor(a) : '*system*';
    const endpoint = a.actors.length ? `\`PUT /api/v1/orders/{id}/${a.action}\`` : '—';
    const input = a.input
      ? Object.keys((a.input as { properties?: Record<string, unknown> }).properties ?? {}).join(', ')
      : '';
    const from = a.from.length === OPEN.length ? 'any open status' : a.from.join(', ');
    return `| ${a.action} | ${who} | ${from} | ${targets(a.to)} | ${input || '—'} | ${readBy(a)} | ${endpoint} | ${a.summary} |`;
  });

  const node = (s: Status) => statusId(s);
  const edges = new Set<string>();
  edges.add(`  [*] --> ${node('Unassigned')} : create`);
  edges.add(`  [*] --> ${node('Draft')} : create (draft)`);
  for (const a of ACTIONS) {
    if (isReturn(a.to)) continue;
    const from = a.from.length >= OPEN.length - 1 ? [] : a.from;
    for (const f of from) for (const t of a.to) edges.add(`  ${node(f)} --> ${node(t)} : ${a.action}`);
  }
  const states = STATUSES.map((s) => `  state "${s}" as ${node(s)}`);

  return `# Order workflow

Generated from \`src/workflow/transitions.ts\` by \`npm run docs:workflow\`; a test fails when
this file is stale. The table is the only source of truth: the action endpoints, each
order's \`allowed_transitions\` (only the actions the calling user may take now) and this
page all come from it.

## Statuses

Each status has a key and a category (\`status.category\` in every answer: what kind of stage it
is, for grouping and colouring; the web application colours a status by it).

${STATUSES.map((s) => `- ${s} (\`${statusId(s)}\`, ${statusCategory(s).replace(/_/g, ' ')})`).join('\n')}

*Open* statuses are all but the paused ones (On hold, Attention needed, Waiting info from
client, Cancel requested), which remember the status to return to, and the closed ones
(Completed, Fulfilled, Cancelled).

## Actions

Who: *client* = a user of the order's client; *staff* = a user of the order's company;
*the appraiser* = the appraiser the order is offered or assigned to; *system* = the service
itself (timers, payments, submission processing), with no endpoint. Operators read every
order and act by naming a user with \`X-Api-Email\`.

Every action answers \`{success: true, status: {id, name, category}}\`. Errors: 403 first, whatever
the order and the body, for a role that is never among who may take the action; then 404 for
an order the caller cannot see; 403 when the caller is not among who may take it on this
order; 409
\`transition_not_allowed\` when the order's status does not allow it (the message lists the
caller's allowed_transitions); 422 for missing or invalid input. Two concurrent actions on
one order: the order row is locked, so the second sees the first's result and gets 409 if its
action is no longer allowed. Every change is recorded (\`GET /api/v1/orders/{id}/history\`):
action, from, to, who, acting for whom, reason, when.

*Read by*: who besides the company reads the action's history entry and its events whole
(docs/security.md): ${Object.entries(AUDIENCE_MEANINGS)
    .map(([audience, meaning]) => `*${audience}*, ${meaning}`)
    .join('; ')}. Anyone else on the order sees only the move of status. \\* A client's
request is read by the company and the lender until the company forwards it to the appraiser,
where the company reviews the client's requests (its setting \`lender_requests_reviewed\`, on
by default); by everyone otherwise.

| action | who | from | to | input | read by | endpoint | what it does |
|---|---|---|---|---|---|---|---|
${rows.join('\n')}

## How the rarer statuses are reached

- **Draft, Pending**: an order created with \`draft: true\` is a Draft until placed; placed by
  a client, it is Pending until the company accepts or declines it.
- **Waiting payment, Pending payment**: a client whose company set
  \`payment_before_assignment\` (\`PATCH /api/v1/clients/{id}/settings\`) pays before its
  orders are assigned: a new order (paid by payment link or card, with a balance) goes from
  Unassigned straight to Waiting payment (\`payment_required\`); staff can also ask for it
  (\`request_payment\`) or waive it (\`waive_payment\`). A card payment that its bank confirms
  later (the sandbox's 4000 0000 0000 0077 and 0085) is *submitted*: the order waits in
  Pending payment until the processor confirms it (Unassigned) or declines it (back to Waiting
  payment). Every process's timers ask the processor about pending payments.
- **Bidding, Auto assign processing**: staff open an order to bids, or let the service offer
  it to the assignment engine's first choice (the timers do it): the panel appraiser who passes
  every hard filter (licensed in the state, insured, covering the subject, under capacity, not
  away, never one who turned this order down) with the highest score under the company's weights,
  the decision stored with every candidate's verdicts (docs/assignment.md).
- **Submission requested, Submission fee failed**: a submission is Submission requested while
  it is processed. A company that charges its appraisers a fee per report
  (\`PATCH /api/v1/companies/{id}/settings\`, \`submission_fee\`) charges it then to the
  appraiser's card on file (\`PUT /api/v1/me/payment_card\`); if it cannot be charged, the
  report waits in Submission fee failed until the appraiser fixes the card and
  \`retry_submission_fee\` (or submits again).
- **Internal quality assurance, Action required**: staff review a report before completing
  it, and may send it back to the appraiser.
- **Client quality assurance**: a client whose company set \`client_review_required\` reviews
  each report before it is completed (\`approve_report\`).
- **Client request**: the lender asked for a revision or a reconsideration of value. Where the
  company reviews the lender's requests (\`lender_requests_reviewed\`, on by default), the
  request waits for the company: staff forward it to the appraiser, as written or in their
  words (\`forward_request\`: Action required), or answer it themselves (\`answer_request\`:
  back to where the order was, its report and completion kept); the appraiser sees nothing of
  it until then. Otherwise it goes to the appraiser at once, who resubmits from Client request.
- **Completion requested, Completion payment hold**: completing an order with a balance waits
  for its payment: by card (Completion requested; a declined card moves it to Completion
  payment hold) or by payment link (Completion payment hold); the payment completes it.
- **On hold, Attention needed, Waiting info from client, Cancel requested**: paused statuses
  that remember where the order was, and return there.

## Diagram

Hold, attention, information requests and cancellation requests (from any open status, back
to the status before) and cancel (from any open or paused status) are left out to keep the
diagram readable.

\`\`\`mermaid
stateDiagram-v2
${states.join('\n')}
${[...edges].join('\n')}
\`\`\`
`;
}
