import { Badge, Group, Text } from '@mantine/core';
import { dateTime, usDay } from '../../lib/format.ts';
import type { EoPolicy } from '../../queries/credentials.ts';

const STANDING = {
  active: { color: 'teal', label: 'Active' },
  expiring: { color: 'yellow', label: 'Expires soon' },
  expired: { color: 'red', label: 'Expired' },
} as const;

/** Whether a credential is in force, and whether the company verified it (by whom, when). */
export function Standing({
  credential,
}: {
  credential: Pick<EoPolicy, 'standing' | 'expires_on' | 'verified_at' | 'verified_by'>;
}) {
  const { color, label } = STANDING[credential.standing];
  return (
    <Group gap="xs" wrap="wrap">
      {/* The dot variant: the light variant's coloured text is under 4.5:1 on its tint (teal, yellow). */}
      <Badge color={color} variant="dot" radius="sm" tt="none" maw="100%">
        {label}: last valid day {usDay(credential.expires_on)}
      </Badge>
      {credential.verified_at ? (
        <Text size="xs" c="dimmed">
          Verified{credential.verified_by ? ` by ${credential.verified_by.name}` : ''},{' '}
          {dateTime(credential.verified_at)}
        </Text>
      ) : (
        <Badge color="gray" variant="outline" radius="sm" tt="none">
          Not verified
        </Badge>
      )}
    </Group>
  );
}
