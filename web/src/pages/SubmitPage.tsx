import {
  Alert,
  Anchor,
  Button,
  Card,
  FileButton,
  Group,
  List,
  Progress,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from '@tanstack/react-router';
import { useState } from 'react';
import { formData, type paths } from '../../../sdk/src/client.ts';
import { ApiFailure, failureText } from '../queries/failure.ts';
import { api, unwrap } from '../queries/sdk.ts';
import { usePageTitle } from '../components/PageTitle.tsx';
import { RequestNote } from '../features/order/RequestNote.tsx';
import { uploadingClient } from '../queries/upload.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

type UploadBody = NonNullable<
  paths['/api/v1/orders/{order_id}/files']['post']['requestBody']
>['content']['multipart/form-data'];
type FileTypeSlug = UploadBody['file_type'];

/** The files of a report: each sent on its own as soon as it is chosen, then submitted together. */
const SLOTS: { key: string; label: string; hint: string; type: FileTypeSlug; accept: string }[] = [
  {
    key: 'pdf',
    label: 'Report (PDF)',
    hint: 'The signed appraisal report',
    type: 'appraisal_pdf',
    accept: 'application/pdf,.pdf',
  },
  {
    key: 'xml',
    label: 'Report data (XML)',
    hint: 'The MISMO XML your report software exports',
    type: 'appraisal_xml',
    accept: 'application/xml,text/xml,.xml',
  },
];

interface SlotState {
  file: File;
  progress: number;
  state: 'uploading' | 'done' | 'failed';
  fileId?: string;
  error?: string;
}

/** The lender's words that send a report back (notes the revision actions write). */
const REQUEST_SUBJECTS = /^(Revision request|Reconsideration of value request)$/;

/**
 * The guided submission of a report: the PDF and the XML, each uploaded when chosen with its own
 * progress bar (a failed one is retried alone, the others stay sent), a check that both are
 * there, then submit. After a revision request the lender's reasons and attachments stand
 * beside it.
 */
export function SubmitPage() {
  const { orderId } = useParams({ from: '/orders/$orderId/submit' });
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const path = { params: { path: { order_id: orderId } } };
  const order = useQuery({
    queryKey: ['order', orderId],
    queryFn: async () => unwrap(await api.GET('/api/v1/orders/{order_id}', path)),
  });
  const revising = order.data && ['Client request', 'Action required'].includes(order.data.status.name);
  const notes = useQuery({
    queryKey: ['order', orderId, 'notes'],
    queryFn: async () => unwrap(await api.GET('/api/v1/orders/{order_id}/notes', path)),
    enabled: revising === true,
  });
  usePageTitle(
    order.data ? `${revising ? 'Resubmit' : 'Submit'} ${order.data.file_number}` : 'Submit the report',
  );
  const [slots, setSlots] = useState<Record<string, SlotState>>({});
  const [checked, setChecked] = useState(false);

  const update = (key: string, change: Partial<SlotState>) =>
    setSlots((previous) => ({ ...previous, [key]: { ...previous[key]!, ...change } }));

  const upload = async (key: string, file: File) => {
    const slot = SLOTS.find((s) => s.key === key)!;
    setSlots((previous) => ({ ...previous, [key]: { file, progress: 0, state: 'uploading' } }));
    try {
      const client = uploadingClient((fraction) => update(key, { progress: fraction }));
      const uploaded = unwrap(
        await client.POST('/api/v1/orders/{order_id}/files', {
          ...path,
          body: { attachment: file, file_type: slot.type },
          bodySerializer: formData,
        }),
      );
      update(key, { state: 'done', progress: 1, fileId: uploaded.id });
    } catch (error) {
      update(key, { state: 'failed', error: failureText(error) });
    }
  };

  const missing = SLOTS.filter((slot) => slots[slot.key]?.state !== 'done');
  const submit = useMutation({
    mutationFn: async () =>
      unwrap(
        await api.PUT('/api/v1/orders/{order_id}/request_submission', {
          ...path,
          body: {
            files: SLOTS.map((slot) => ({ file_id: slots[slot.key]!.fileId!, file_type: slot.type })),
          },
        }),
      ),
    onSuccess: async (result) => {
      notifications.show({
        color: 'teal',
        title: revising ? 'Report resubmitted' : 'Report submitted',
        message: `${order.data?.file_number ?? 'The order'} is now ${result.status.name}.`,
      });
      await queryClient.invalidateQueries({ queryKey: ['order', orderId] });
      await queryClient.invalidateQueries({ queryKey: ['orders'] });
      await navigate({ to: '/work' });
    },
  });

  if (order.error instanceof ApiFailure && order.error.status === 404) return <NotFoundPage what="order" />;
  const data = order.data;
  const requests = (notes.data ?? []).filter((note) => REQUEST_SUBJECTS.test(note.subject ?? ''));
  const mayProceed = data?.allowed_transitions.includes('request_submission');

  return (
    <Stack maw={720} mx="auto" gap="md">
      <div>
        <Anchor component={Link} to="/work" size="sm">
          ← My work
        </Anchor>
        <Title order={1} size="h2">
          {revising ? 'Resubmit the report' : 'Submit the report'}
        </Title>
        {data ? (
          <Text>
            Order {data.file_number} · {data.full_address}
          </Text>
        ) : (
          <Skeleton height={20} width={280} />
        )}
      </div>
      {order.isError && (
        <Alert color="red" role="alert" title="The order could not be loaded">
          {failureText(order.error)}
        </Alert>
      )}
      {data && !mayProceed && (
        <Alert color="gray" title="Nothing to submit now">
          {data.status.name === 'Client request'
            ? 'The lender asked for changes: the company reviews the request, and passes it on to you if the report is to change.'
            : `The order is ${data.status.name}: a report can be sent after the inspection, or when a revision is asked.`}
        </Alert>
      )}
      {revising && mayProceed && (
        <Card withBorder padding="md" component="section" aria-labelledby="requests-title" bg="orange.0">
          <Title order={2} size="h4" id="requests-title" mb="xs">
            What the lender asks
          </Title>
          {notes.isPending && <Skeleton height={60} />}
          {notes.data && requests.length === 0 && (
            <Text size="sm">{data?.status.name}: see the order’s history and notes.</Text>
          )}
          <Stack gap="xs">
            {requests.map((note) => (
              <RequestNote key={note.id} note={note} />
            ))}
          </Stack>
        </Card>
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
          <Card withBorder padding="md" component="section" aria-labelledby="check-title">
            <Title order={2} size="h4" id="check-title" mb="xs">
              {SLOTS.length + 1}. Check and send
            </Title>
            <List size="sm" spacing={4} mb="sm">
              {SLOTS.map((slot) => (
                <List.Item key={slot.key}>
                  {slot.label}:{' '}
                  {slots[slot.key]?.state === 'done' ? `✓ ${slots[slot.key]!.file.name}` : 'missing'}
                </List.Item>
              ))}
            </List>
            {checked && missing.length > 0 && (
              <Alert color="red" role="alert" mb="sm">
                Still needed: {missing.map((slot) => slot.label).join(', ')}.
              </Alert>
            )}
            {submit.isError && (
              <Alert color="red" role="alert" mb="sm">
                {failureText(submit.error)}
              </Alert>
            )}
            <Button
              size="md"
              fullWidth
              loading={submit.isPending}
              onClick={() => {
                setChecked(true);
                if (missing.length === 0) submit.mutate();
              }}
            >
              {revising ? 'Resubmit the report' : 'Submit the report'}
            </Button>
          </Card>
        </>
      )}
    </Stack>
  );
}

function FileSlot({
  step,
  label,
  hint,
  accept,
  state,
  onChoose,
  onRetry,
}: {
  step: number;
  label: string;
  hint: string;
  accept: string;
  state: SlotState | undefined;
  onChoose: (file: File) => void;
  onRetry: () => void;
}) {
  const id = `slot-${step}`;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Stack gap="xs">
        <div>
          <Title order={2} size="h4" id={id}>
            {step}. {label}
          </Title>
          <Text size="sm" c="dimmed">
            {hint}
          </Text>
        </div>
        {state && (
          <>
            <Text size="sm" truncate>
              {state.file.name} ·{' '}
              {state.state === 'done' ? 'Uploaded' : state.state === 'failed' ? 'Not uploaded' : 'Uploading…'}
            </Text>
            <Progress
              value={state.progress * 100}
              aria-label={`Upload of ${label}`}
              color={state.state === 'failed' ? 'red' : state.state === 'done' ? 'teal' : undefined}
              size="lg"
              striped={state.state === 'uploading'}
              animated={state.state === 'uploading'}
            />
            {state.state === 'failed' && (
              <Alert color="red" role="alert">
                {state.error} The other files stay uploaded.
              </Alert>
            )}
          </>
        )}
        <Group gap="xs">
          {state?.state === 'failed' && <Button onClick={onRetry}>Retry {label}</Button>}
          <FileButton onChange={(file) => file && onChoose(file)} accept={accept}>
            {(props) => (
              <Button
                {...props}
                variant={state ? 'default' : 'filled'}
                disabled={state?.state === 'uploading'}
                aria-label={state ? `Choose another ${label}` : `Choose the ${label}`}
              >
                {state ? 'Choose another file' : 'Choose file'}
              </Button>
            )}
          </FileButton>
        </Group>
      </Stack>
    </Card>
  );
}
