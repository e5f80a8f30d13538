import { Anchor, Select, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import type { Order } from '../../../../sdk/src/client.ts';
import { failureText } from '../../queries/failure.ts';
import { shareFileMutation, type OrderFile } from '../../queries/order-records.ts';
import { dateTime } from '../../lib/format.ts';
import { AUDIENCE_LABELS } from './audiences.ts';
import { AudienceBadge, ReleaseBadge } from './AudienceBadge.tsx';

/**
 * The files, each with its type, when it came and who sees it. The company's staff share a
 * document with the others, or keep it from them; a report's files say whether the lender has
 * them yet.
 */
export function FileList({ order, files }: { order: Order; files: OrderFile[] }) {
  const choices = order.message_audiences.choices;
  const company = choices.includes('internal');
  const share = useMutation({
    ...shareFileMutation(order.id),
    onError: (error) =>
      notifications.show({ color: 'red', title: 'Not changed', message: failureText(error) }),
  });
  return (
    <Table.ScrollContainer minWidth={320}>
      <Table verticalSpacing={4}>
        <Table.Tbody>
          {files.map((file) => (
            <Table.Tr key={file.id}>
              <Table.Td>
                <Anchor href={file.link} size="sm" download={file.filename} display="block" mih={24} py={2}>
                  {file.filename}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{file.file_type.name}</Text>
              </Table.Td>
              <Table.Td>
                <Text size="xs" c="dimmed">
                  {dateTime(file.created_at_iso)}
                </Text>
              </Table.Td>
              <Table.Td>
                {company && file.submission === null && file.note_id === null ? (
                  <Select
                    aria-label={`Who sees ${file.filename}`}
                    size="xs"
                    w={190}
                    data={choices.map((value) => ({ value, label: AUDIENCE_LABELS[value] }))}
                    value={file.audience}
                    onChange={(value) =>
                      value &&
                      share.mutate(
                        { fileId: file.id, audience: value },
                        {
                          onSuccess: (changed) =>
                            notifications.show({
                              color: 'teal',
                              message: `${changed.filename}: now seen by ${AUDIENCE_LABELS[changed.audience].toLowerCase()}.`,
                            }),
                        },
                      )
                    }
                    allowDeselect={false}
                    comboboxProps={{ withinPortal: true }}
                  />
                ) : file.submission !== null && company ? (
                  <ReleaseBadge released={file.released === true} />
                ) : (
                  <AudienceBadge audience={file.audience} />
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
