import {
  Anchor,
  Badge,
  Button,
  FileInput,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { fileSize } from '../../components/FilePicker.tsx';
import { usDay } from '../../lib/format.ts';
import { notifyDone } from '../../lib/notices.ts';
import {
  addDocument,
  documentsQuery,
  removeDocument,
  type AppraiserDocument,
  type DocumentKind,
} from '../../queries/credentials.ts';
import { ApiFailure, failureText } from '../../queries/failure.ts';

const KINDS: { value: DocumentKind; label: string }[] = [
  { value: 'eo_certificate', label: 'E&O certificate' },
  { value: 'license', label: 'License copy' },
  { value: 'w9', label: 'W-9' },
  { value: 'other', label: 'Other' },
];
const kindLabel = (kind: DocumentKind) => KINDS.find((known) => known.value === kind)!.label;

const STANDING = {
  active: { color: 'teal', label: 'Valid through' },
  expiring: { color: 'yellow', label: 'Expires soon:' },
  expired: { color: 'red', label: 'Expired:' },
} as const;

function DocumentForm({ appraiserId, onDone }: { appraiserId: string; onDone: () => void }) {
  const [kind, setKind] = useState<DocumentKind>('eo_certificate');
  const [expiresOn, setExpiresOn] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const upload = useMutation({
    mutationFn: (chosen: File) => addDocument(appraiserId, { kind, expires_on: expiresOn, file: chosen }),
    onSuccess: (added) => {
      notifyDone('Document kept', `${kindLabel(added.kind)}: ${added.file_name}.`);
      onDone();
    },
    onError: (error) =>
      setErrors(
        error instanceof ApiFailure
          ? error.fieldSentences({ file: 'The file', kind: 'The kind', expires_on: 'The last valid day' })
          : {},
      ),
  });
  const send = () => {
    if (!file) return setErrors({ file: 'Choose the file' });
    setErrors({});
    upload.mutate(file);
  };
  return (
    <form
      aria-label="Document"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <NativeSelect
            label="Kind"
            data={KINDS}
            value={kind}
            onChange={(event) => setKind(event.currentTarget.value as DocumentKind)}
            error={errors.kind}
          />
          <TextInput
            label="Last valid day"
            description={kind === 'eo_certificate' ? 'The policy’s expiry' : 'If it has one'}
            type="date"
            value={expiresOn}
            onChange={(event) => setExpiresOn(event.currentTarget.value)}
            error={errors.expires_on}
          />
        </SimpleGrid>
        <FileInput
          label="File"
          description="PDF, JPEG or PNG"
          placeholder="Choose the file"
          accept="application/pdf,image/jpeg,image/png"
          value={file}
          onChange={setFile}
          error={errors.file}
          clearable
        />
        <FormFailure
          title="The document was not kept"
          failure={upload.isError && Object.keys(errors).length === 0 ? failureText(upload.error) : null}
        />
        <FormButtons onCancel={onDone} submitting={upload.isPending} submit="Upload" />
      </Stack>
    </form>
  );
}

function DocumentLine({ appraiserId, document }: { appraiserId: string; document: AppraiserDocument }) {
  const remove = useMutation({
    mutationFn: () => removeDocument(appraiserId, document.id),
    onSuccess: () => notifyDone('Document removed', `${kindLabel(document.kind)}: ${document.file_name}.`),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not removed', message: failureText(error) }),
  });
  const standing = document.standing ? STANDING[document.standing] : null;
  return (
    <Group
      component="li"
      justify="space-between"
      wrap="nowrap"
      align="start"
      aria-label={kindLabel(document.kind)}
    >
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {kindLabel(document.kind)}
        </Text>
        <Anchor size="sm" href={`${document.download_path}?disposition=inline`} target="_blank" truncate>
          {document.file_name} ({fileSize(document.size)})
        </Anchor>
        {standing && document.expires_on && (
          <Badge color={standing.color} variant="dot" radius="sm" tt="none">
            {standing.label} {usDay(document.expires_on)}
          </Badge>
        )}
      </Stack>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-label={`Remove ${document.file_name}`}
        style={{ flexShrink: 0 }}
        loading={remove.isPending}
        onClick={() => remove.mutate()}
      >
        Remove
      </Button>
    </Group>
  );
}

/** The documents on the appraiser's file: the E&O certificate, license copies, the W-9. */
export function DocumentsSection({ appraiserId }: { appraiserId: string }) {
  const { data: documents } = useSuspenseQuery(documentsQuery(appraiserId));
  const [adding, setAdding] = useState(false);
  return (
    <SectionCard
      title="Documents"
      intro="The E&O certificate, license copies and the W-9, with their last valid day."
    >
      {documents.length === 0 ? (
        <Text size="sm">No document on file yet.</Text>
      ) : (
        <Stack gap="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {documents.map((document) => (
            <DocumentLine key={document.id} appraiserId={appraiserId} document={document} />
          ))}
        </Stack>
      )}
      {adding ? (
        <DocumentForm appraiserId={appraiserId} onDone={() => setAdding(false)} />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setAdding(true)}>
            Upload a document
          </Button>
        </Group>
      )}
    </SectionCard>
  );
}
