import { Alert, Anchor, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { Suspense } from 'react';
import { usePageTitle } from '../components/PageTitle.tsx';
import { FileSlot } from '../features/submission/FileSlot.tsx';
import { REVISING, SLOTS } from '../features/submission/report-files.ts';
import { RevisionRequests } from '../features/submission/RevisionRequests.tsx';
import { SubmitCheck } from '../features/submission/SubmitCheck.tsx';
import { useReportFiles } from '../features/submission/useReportFiles.ts';
import { actionMutation, nowText } from '../queries/actions.ts';
import { orderQuery } from '../queries/order.ts';

/**
 * The guided submission of a report: the PDF and the XML, each uploaded when chosen with its own
 * progress bar (a failed one is retried alone, the others stay sent), a check that both are
 * there, then submit. After a revision request the lender's reasons and attachments stand
 * beside it.
 */
export function SubmitPage() {
  const { orderId } = useParams({ from: '/orders/$orderId/submit' });
  const navigate = useNavigate();
  const order = useSuspenseQuery(orderQuery(orderId)).data;
  const revising = REVISING.includes(order.status.name);
  const verb = revising ? 'Resubmit' : 'Submit';
  usePageTitle(`${verb} ${order.file_number}`);
  const { slots, upload, missing, files } = useReportFiles(orderId);
  const submit = useMutation(
    actionMutation(orderId, (result) => {
      notifications.show({
        color: 'teal',
        title: revising ? 'Report resubmitted' : 'Report submitted',
        message: `${order.file_number}: ${nowText(result)}`,
      });
      void navigate({ to: '/work' });
    }),
  );
  const send = () => submit.mutate({ action: 'request_submission', body: { files: files() } });
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
              hint={slot.hint}
              accept={slot.accept}
              state={slots[slot.key]}
              onChoose={(file) => void upload(slot.key, file)}
              onRetry={() => void upload(slot.key, slots[slot.key]!.file)}
            />
          ))}
          <SubmitCheck
            slots={slots}
            missing={missing}
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
