import { Alert, Text } from '@mantine/core';

/** Why the order was not made: the messages of fields not on the form, or a pointer to those that are. */
export function CreateFailure({
  message,
  unplaced,
  placed,
}: {
  message: string;
  /** Called as it is drawn, after the fields: those the fields did not take. */
  unplaced: () => [string, string][];
  placed: number;
}) {
  const elsewhere = unplaced();
  if (placed > 0 && elsewhere.length === 0)
    return (
      <Text c="red" size="sm" role="alert">
        Some fields need a look: {placed} message{placed === 1 ? '' : 's'} above.
      </Text>
    );
  return (
    <Alert color="red" role="alert" title="The order was not created">
      {message}
      {elsewhere.map(([name, text]) => (
        <Text key={name} size="sm">
          {text}
        </Text>
      ))}
    </Alert>
  );
}
