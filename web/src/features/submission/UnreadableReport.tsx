import { Alert, Text } from '@mantine/core';

/**
 * Why the service did not check the report's data (the pre-check's 422), in its words, which
 * name the line and the element ("does not validate against the UAD 3.6 schema: line 62, element
 * Bogus: …"). The answer does not tell a GSE appraisal it cannot read (refused again when sent)
 * from a well-formed XML of another kind of report (taken unchecked), so the page says what to do
 * in either case, and leaves Submit on.
 */
export function UnreadableReport({ file, message }: { file: File; message: string }) {
  return (
    <Alert color="orange" role="alert" title="The report data was not checked" p="sm">
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {file.name} {message}
        {/[.)]$/.test(message) ? '' : '.'}
      </Text>
      <Text size="sm" mt={4}>
        If it is a GSE appraisal (UAD 3.6 or MISMO 2.6), correct it and choose it again. Another kind of
        report (a commercial report, a BPO) is sent as it is, unchecked.
      </Text>
    </Alert>
  );
}
