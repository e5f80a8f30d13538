import { Button, Group, Progress, Select, Stack, Text } from '@mantine/core';
import { InlineFailure } from '../../components/InlineFailure.tsx';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { FilePicker, type PickedFile } from '../../components/FilePicker.tsx';
import { uploadFilesMutation, type FileTypeSlug } from '../../queries/order-records.ts';
import { AUDIENCE_LABELS, throughCompanyHint, type Audience } from './audiences.ts';
import { FILE_TYPES, fileTypeChoices, guessDocumentType } from '../actions/file-types.ts';

const TYPE_CHOICES = fileTypeChoices(FILE_TYPES);

/** Files dropped in, each with its type, for whom the person chooses; a bar covers them all. */
export function FileUpload({ order }: { order: Order }) {
  const [picked, setPicked] = useState<PickedFile[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const choices = order.message_audiences.choices;
  const [audience, setAudience] = useState<Audience>(order.message_audiences.default);
  const upload = useMutation(uploadFilesMutation(order.id, setProgress));
  const count = `${picked.length} file${picked.length === 1 ? '' : 's'}`;
  const send = () =>
    upload.mutate(
      {
        files: picked.map(({ file, type }) => ({ file, type: (type ?? 'other') as FileTypeSlug })),
        audience,
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `${count} uploaded.` });
          setPicked([]);
        },
      },
    );
  const hint = throughCompanyHint(choices);
  return (
    <Stack gap="xs" mt="sm">
      <FilePicker
        label="Add files"
        files={picked}
        onChange={setPicked}
        typeChoices={TYPE_CHOICES}
        guessType={(file) => guessDocumentType(file, FILE_TYPES)}
      />
      {picked.length > 0 && choices.length > 1 && (
        <Select
          label="Who sees them"
          data={choices.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
          value={audience}
          onChange={(value) => value && setAudience(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      )}
      {picked.length > 0 && hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
      <InlineFailure error={upload.error} />
      {progress !== null && (
        <Progress value={progress * 100} aria-label="Upload progress" size="lg" striped animated />
      )}
      {picked.length > 0 && (
        <Group justify="end">
          <Button onClick={send} loading={upload.isPending}>
            Upload {count}
          </Button>
        </Group>
      )}
    </Stack>
  );
}
