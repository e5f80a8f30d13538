import { Alert, Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { Suspense } from 'react';
import { usePageTitle } from '../components/PageTitle.tsx';
import { FileSlot } from '../features/submission/FileSlot.tsx';
import { ReportCheckCard } from '../features/submission/ReportCheckCard.tsx';
import { REVISING, SLOTS } from '../features/submission/report-files.ts';
import { RevisionRequests } from '../features/submission/RevisionRequests.tsx';
import { SubmitCheck, type FindingAnswers } from '../features/submission/SubmitCheck.tsx';
import { UnreadableReport } from '../features/submission/UnreadableReport.tsx';
import { useReportCheck } from '../features/submission/useReportCheck.ts';
import { useReportFiles } from '../features/submission/useReportFiles.ts';
import { actionMutation, nowText } from '../queries/actions.ts';
import { orderQuery } from '../queries/order.ts';
import { checkReportAgain, refusedFindings } from '../queries/reports.ts';

/**
 * The guided submission of a report: the PDF and the XML (or its ZIP package), each uploaded
 * when chosen with its own progress bar (a failed one is retried alone, the others stay sent);
 * the service's check of the report once they are there (its findings, fatal first, and what
 * submitting will ask: a reason, the warnings acknowledged); then submit. After a revision
 * request the lender's reasons and attachments stand beside it.
 */
export function SubmitPage() {
  const { orderId } = useParams({ from: '/orders/$orderId/submit' });
  const navigate = useNavigate();
  const order = useSuspenseQuery(orderQuery(orderId)).data;
  const revising = REVISING.includes(order.status.name);
  const verb = revising ? 'Resubmit' : 'Submit';
  usePageTitle(`${verb} ${order.file_number}`);
  const { slots, upload, missing, packaged, files } = useReportFiles(orderId);
  const check = useReportCheck(orderId, files(), missing.length === 0);
  const checkedFiles = files()
    .map((file) => file.file_id)
    .join();
  const submit = useMutation({
    ...actionMutation(orderId, (result) => {
      notifications.show({
        color: 'teal',
        title: revising ? 'Report resubmitted' : 'Report submitted',
        message: `${order.file_number}: ${nowText(result)}`,
      });
      void navigate({ to: '/work' });
    }),
    // Refused for findings: the check is asked again, so that the page asks what the service now does.
    onError: (error: unknown) => refusedFindings(error) && void checkReportAgain(orderId),
  });
  const send = (answers: FindingAnswers) =>
    submit.mutate({ action: 'request_submission', body: { files: files(), ...answers } });
  const mayProceed = order.allowed_transitions.includes('request_submission');

  return (
    <Stack maw={720} mx="auto" gap="md">
      <div>
        <Anchor component={Link} to="/work" size="sm">
          ← My work
        </Anchor>
        <Title order={1} size="h2">
          {verb} the report
        </Title>
        <Text>
          Order {order.file_number} · {order.full_address}
        </Text>
      </div>
      {!mayProceed && (
        <Alert color="gray" title="Nothing to submit now">
          {order.status.name === 'Client request'
            ? 'The lender asked for changes: the company reviews the request, and passes it on to you if the report is to change.'
            : `The order is ${order.status.name}: a report can be sent after the inspection, or when a revision is asked.`}
        </Alert>
      )}
      {revising && mayProceed && (
        <Suspense fallback={<Skeleton height={90} />}>
          <RevisionRequests order={order} />
        </Suspense>
      )}
      {mayProceed && (
        <>
          {SLOTS.map((slot, index) => (
            <FileSlot
              key={slot.key}
              step={index + 1}
              label={slot.label}
              hint={slot.key === 'pdf' && packaged ? 'Not needed: the ZIP package holds it' : slot.hint}
              accept={slot.accept}
              state={slots[slot.key]}
              onChoose={(file) => {
                // A refusal was of the files before: a new one is checked and sent afresh.
                submit.reset();
                void upload(slot.key, file);
              }}
              onRetry={() => void upload(slot.key, slots[slot.key]!.file)}
              problem={
                slot.key === 'xml' &&
                check.unreadable && <UnreadableReport file={slots.xml!.file} message={check.unreadable} />
              }
            />
          ))}
          <ReportCheckCard step={SLOTS.length + 1} check={check} />
          <SubmitCheck
            // A new check asks its own answers: a reason or a tick given for the last one is not carried over.
            key={check.result ? checkedFiles : 'unchecked'}
            step={SLOTS.length + 2}
            slots={slots}
            missing={missing}
            check={check.result}
            checking={check.checking}
            pending={submit.isPending}
            error={submit.error}
            label={`${verb} the report`}
            onSubmit={send}
          />
        </>
      )}
    </Stack>
  );
}
