import { ActionIcon, Group, Input, Paper, Select, Stack, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';

export interface PickedFile {
  file: File;
  /** The file's type, where the API asks for one (`files[][file_type]`). */
  type?: string;
  productId?: string;
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
  guessType,
  typeError,
  products,
}: {
  label: string;
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  error?: string | undefined;
  /** Each file's type, where the API asks for one: the slug and the name people know it by. */
  typeChoices?: { value: string; label: string }[] | undefined;
  /** The type a file is taken for when it is added (a guess the person can correct). */
  guessType?: ((file: File) => string | undefined) | undefined;
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
            onChange([...files, ...dropped.map((file) => ({ file, type: guessType?.(file) }))])
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
                    data={typeChoices}
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
