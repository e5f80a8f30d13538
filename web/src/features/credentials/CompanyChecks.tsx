import { Button, Group, NumberInput, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../../components/SectionCard.tsx';
import { notifyDone } from '../../lib/notices.ts';
import { changeProfile, type AppraiserCredentials, type ProfileChange } from '../../queries/credentials.ts';
import { failureText } from '../../queries/failure.ts';

type CompanyCheck = 'fha_roster' | 'w9_on_file';

/**
 * What the company confirms (the FHA roster, a W-9 on file: switches for its staff, a line for the
 * appraiser) and the most open orders the appraiser takes at once.
 */
export function CompanyChecks({ credentials, staff }: { credentials: AppraiserCredentials; staff: boolean }) {
  const appraiserId = credentials.appraiser.id;
  const [capacity, setCapacity] = useState<string | number>(credentials.capacity ?? '');
  const change = useMutation({
    mutationFn: (body: ProfileChange) => changeProfile(appraiserId, body),
    onSuccess: () => notifyDone('Saved', 'The change is on file.'),
    onError: (error) => notifications.show({ color: 'red', title: 'Not saved', message: failureText(error) }),
  });
  // A switch shows what it was turned to while the change is sent (kept here, in the same render as
  // the click: the mutation's own state arrives a tick later, and a controlled switch would flick
  // back in between); a refusal turns it back.
  const [turned, setTurned] = useState<Partial<Record<CompanyCheck, boolean>>>({});
  const turn = (field: CompanyCheck, on: boolean) => {
    setTurned((before) => ({ ...before, [field]: on }));
    change.mutate({ [field]: on }, { onSettled: () => setTurned(({ [field]: _settled, ...rest }) => rest) });
  };
  const shown = (field: CompanyCheck) => turned[field] ?? credentials[field];
  const confirmed = (yes: boolean) => (yes ? 'yes, confirmed by the company' : 'not confirmed');
  return (
    <SectionCard title="Company checks and capacity">
      {staff ? (
        <>
          <Switch
            label="On the FHA appraiser roster"
            checked={shown('fha_roster')}
            onChange={(event) => turn('fha_roster', event.currentTarget.checked)}
          />
          <Switch
            label="W-9 on file"
            checked={shown('w9_on_file')}
            onChange={(event) => turn('w9_on_file', event.currentTarget.checked)}
          />
        </>
      ) : (
        <Text size="sm">
          FHA roster: {confirmed(credentials.fha_roster)}. W-9 on file: {confirmed(credentials.w9_on_file)}.
        </Text>
      )}
      <Group align="flex-end" gap="xs">
        <NumberInput
          label="Most open orders at once"
          description="Empty: no limit"
          min={0}
          max={1000}
          allowDecimal={false}
          value={capacity}
          onChange={setCapacity}
          w={220}
        />
        <Button
          variant="light"
          loading={change.isPending}
          onClick={() => change.mutate({ capacity: capacity === '' ? null : Number(capacity) })}
        >
          Save
        </Button>
      </Group>
    </SectionCard>
  );
}
