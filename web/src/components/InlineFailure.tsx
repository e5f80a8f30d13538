import { Text } from '@mantine/core';
import { failureText } from '../queries/failure.ts';

/**
 * What went wrong with a read or a change, in the service's words, where it happened (a card's
 * list that did not load, a form's request refused): nothing when nothing did. Dark red, which
 * reads at AA contrast on white (Mantine's plain red does not).
 */
export function InlineFailure({ error, prefix = '' }: { error: unknown; prefix?: string }) {
  if (!error) return null;
  return (
    <Text c="red.9" size="sm" role="alert">
      {prefix}
      {failureText(error)}
    </Text>
  );
}
