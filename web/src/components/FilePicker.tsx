import { ActionIcon, Group, Input, Paper, Select, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { humanize } from '../lib/format.ts';

export interface PickedFile {
  file: File;
  /** The file's type, where the API asks for one (`files[][file_type]`). */
  type?: string;
  productId?: string;
}

/** A guess people can correct: a PDF is the report, an XML its data. */
function guessType(file: File, choices: string[] | undefined): string | undefined {
  if (!choices) return undefined;
  if (/\.pdf$/i.test(file.name) && choices.includes('appraisal_pdf')) return 'appraisal_pdf';
  if (/\.xml$/i.test(file.name) && choices.includes('appraisal_xml')) return 'appraisal_xml';
  return choices.includes('other') ? 'other' : undefined;
}

export const fileSize = (bytes: number) =>
  bytes < 1024 * 1024
    ? `${Math.max(1, Math.round(bytes / 1024))} KB`
    : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Files dropped on the zone or chosen with its button (keyboard: Tab to it, Enter), listed with
 * their size, and where the API asks, each with its type and product.
 */
export function FilePicker({
  label,
  files,
  onChange,
  error,
  typeChoices,
  typeError,
  products,
}: {
  label: string;
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  error?: string | undefined;
  typeChoices?: string[] | undefined;
  typeError?: string | undefined;
  products?: { id: string; name: string }[] | undefined;
}) {
  const update = (index: number, change: Partial<PickedFile>) =>
    onChange(files.map((picked, i) => (i === index ? { ...picked, ...change } : picked)));
  return (
    <Input.Wrapper label={label} error={error}>
      <Stack gap="xs" mt={4}>
        <Dropzone
          onDrop={(dropped) =>
            onChange([...files, ...dropped.map((file) => ({ file, type: guessType(file, typeChoices) }))])
          }
          multiple
          p="md"
          aria-label={`${label}: drop files here or press Enter to choose`}
        >
          <Text ta="center" size="sm">
            Drop files here, or <u>choose files</u>
          </Text>
        </Dropzone>
        {files.map((picked, index) => (
          <Paper key={`${picked.file.name}-${index}`} withBorder p="xs">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text size="sm" truncate>
                {picked.file.name}{' '}
                <Text span c="dimmed">
                  ({fileSize(picked.file.size)})
                </Text>
              </Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove ${picked.file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                ×
              </ActionIcon>
            </Group>
            {(typeChoices || products) && (
              <Group grow gap="xs" mt={6} align="start">
                {typeChoices && (
                  <Select
                    label={`Type of ${picked.file.name}`}
                    size="xs"
                    data={typeChoices.map((choice) => ({ value: choice, label: humanize(choice) }))}
                    value={picked.type ?? null}
                    onChange={(type) => update(index, { type: type ?? undefined })}
                    error={picked.type ? undefined : typeError}
                    searchable
                    allowDeselect={false}
                  />
                )}
                {products && products.length > 1 && (
                  <Select
                    label="Product"
                    size="xs"
                    data={products.map((product) => ({ value: product.id, label: product.name }))}
                    value={picked.productId ?? null}
                    onChange={(productId) => update(index, { productId: productId ?? undefined })}
                    clearable
                  />
                )}
              </Group>
            )}
          </Paper>
        ))}
      </Stack>
    </Input.Wrapper>
  );
}
