import { Alert, Button, Card, Checkbox, List, Text, Title } from '@mantine/core';
import { useRef, useState } from 'react';
import { GrowingTextarea } from '../../components/GrowingTextarea.tsx';
import { failureText } from '../../queries/failure.ts';
import { refusedFindings, type ReportCheck } from '../../queries/reports.ts';
import { SLOTS, type SlotState } from './report-files.ts';

/** How the appraiser answers the report's findings, sent with the submission (docs/reports.md). */
export interface FindingAnswers {
  acknowledge_warnings?: boolean;
  override_reason?: string;
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`;
/** The answers the service asks for by these fields; the other details of a refusal are findings. */
const ANSWER_FIELDS = new Set(['acknowledge_warnings', 'override_reason']);

/**
 * The last step: what is there and what is missing, the answers the check asks for (a reason to
 * send a report with fatal findings where the company allows it, the warnings acknowledged),
 * then submit. Refused here while a file is missing or an answer is not given; off, with why,
 * when fatal findings block the report.
 */
export function SubmitCheck({
  step,
  slots,
  missing,
  check,
  checking,
  pending,
  error,
  label,
  onSubmit,
}: {
  step: number;
  slots: Record<string, SlotState>;
  missing: typeof SLOTS;
  check: ReportCheck | null;
  checking: boolean;
  pending: boolean;
  error: unknown;
  label: string;
  onSubmit: (answers: FindingAnswers) => void;
}) {
  const [tried, setTried] = useState(false);
  const [acknowledged, setAcknowledged] = useState(false);
  const [reason, setReason] = useState('');
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const ackField = useRef<HTMLInputElement>(null);
  const blocked = check !== null && !check.can_submit;
  const needsReason = check?.needs_override_reason === true;
  const needsAck = check?.needs_acknowledgement === true;
  const refused = refusedFindings(error);
  const refusedAt = (field: string) => refused?.some((detail) => detail.field === field) ?? false;
  const reasonMissing = needsReason && !reason.trim() && (tried || refusedAt('override_reason'));
  const ackMissing = needsAck && !acknowledged && (tried || refusedAt('acknowledge_warnings'));
  const findings = refused?.filter((detail) => !ANSWER_FIELDS.has(detail.field)) ?? [];

  const send = () => {
    setTried(true);
    if (missing.length > 0 || blocked) return;
    if (needsReason && !reason.trim()) return reasonField.current?.focus();
    if (needsAck && !acknowledged) return ackField.current?.focus();
    onSubmit({
      ...(needsAck ? { acknowledge_warnings: true } : {}),
      ...(needsReason ? { override_reason: reason.trim() } : {}),
    });
  };

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="check-title">
      <Title order={2} size="h4" id="check-title" mb="xs">
        {step}. Check and send
      </Title>
      <List size="sm" spacing={4} mb="sm">
        {SLOTS.map((slot) => (
          <List.Item key={slot.key}>
            {slot.label}:{' '}
            {slots[slot.key]?.state === 'done'
              ? `✓ ${slots[slot.key]!.file.name}`
              : missing.includes(slot)
                ? 'missing'
                : 'in the package'}
          </List.Item>
        ))}
      </List>
      {tried && missing.length > 0 && (
        <Alert color="red" role="alert" mb="sm">
          Still needed: {missing.map((slot) => slot.label).join(', ')}.
        </Alert>
      )}
      {needsReason && (
        <GrowingTextarea
          ref={reasonField}
          label="Why submit it as it is"
          description={`The report has ${plural(check.fatal_count, 'fatal finding')}. The company lets it go with your reason, which its reviewer reads.`}
          required
          maxLength={2000}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={reasonMissing ? 'Say why the report should go with its fatal findings.' : undefined}
          mb="sm"
        />
      )}
      {needsAck && (
        <Checkbox
          ref={ackField}
          label={
            check.warning_count === 1
              ? 'I have read the warning'
              : `I have read the ${check.warning_count} warnings`
          }
          required
          checked={acknowledged}
          onChange={(event) => setAcknowledged(event.currentTarget.checked)}
          error={
            ackMissing
              ? check.warning_count === 1
                ? 'Read the warning above and tick this to send the report with it.'
                : 'Read the warnings above and tick this to send the report with them.'
              : undefined
          }
          // Mantine marks a checkbox's error by its message only: a screen reader hears it invalid too.
          aria-invalid={ackMissing}
          mb="sm"
        />
      )}
      {error !== null && error !== undefined && (refused === null || findings.length > 0) && (
        <Alert
          color="red"
          role="alert"
          mb="sm"
          title={refused ? 'The report was not sent: the service found' : undefined}
        >
          {refused ? (
            <List size="sm" spacing={4}>
              {findings.map((detail, index) => (
                <List.Item key={index}>{detail.message}</List.Item>
              ))}
            </List>
          ) : (
            failureText(error)
          )}
        </Alert>
      )}
      {blocked && (
        <Text id="submit-blocked" size="sm" c="red.9" fw={600} mb="sm">
          The report cannot be sent with {plural(check.fatal_count, 'fatal finding')}: correct the report and
          upload it again.
        </Text>
      )}
      <Button
        size="md"
        fullWidth
        loading={pending}
        disabled={blocked || checking}
        aria-describedby={blocked ? 'submit-blocked' : undefined}
        onClick={send}
      >
        {label}
      </Button>
    </Card>
  );
}
