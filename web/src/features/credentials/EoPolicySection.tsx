import { Button, Group, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { money } from '../../lib/money.ts';
import { notifyDone } from '../../lib/notices.ts';
import { removeEoPolicy, verifyEoPolicy, type AppraiserCredentials } from '../../queries/credentials.ts';
import { EoPolicyForm } from './EoPolicyForm.tsx';
import { Standing } from './Standing.tsx';
import { VerifyButton } from './VerifyButton.tsx';

/** The errors-and-omissions policy: who covers, how much, until when; renewed by replacing it. */
export function EoPolicySection({
  credentials,
  staff,
}: {
  credentials: AppraiserCredentials;
  staff: boolean;
}) {
  const appraiserId = credentials.appraiser.id;
  const policy = credentials.eo_policy;
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useMutation({
    mutationFn: () => removeEoPolicy(appraiserId),
    onSuccess: () => {
      setRemoving(false);
      notifyDone('Policy removed', 'No errors-and-omissions policy is on file now.');
    },
  });
  return (
    <SectionCard title="Errors and omissions insurance" intro="The policy in force; a renewal replaces it.">
      {policy ? (
        <Stack gap={6}>
          <Text fw={600}>
            {policy.carrier} · {policy.policy_number}
          </Text>
          <Text size="sm">
            {money(policy.per_claim)} per claim{policy.aggregate ? `, ${money(policy.aggregate)} in all` : ''}
          </Text>
          <Standing credential={policy} />
        </Stack>
      ) : (
        <Text size="sm">No policy on file yet.</Text>
      )}
      {editing ? (
        <EoPolicyForm appraiserId={appraiserId} policy={policy} onDone={() => setEditing(false)} />
      ) : (
        <Group gap="xs">
          {staff && policy && !policy.verified_at && (
            <VerifyButton what="the policy" verify={() => verifyEoPolicy(appraiserId)} />
          )}
          <Button variant="light" onClick={() => setEditing(true)}>
            {policy ? 'Renew or correct' : 'Add the policy'}
          </Button>
          {policy && (
            <Button variant="subtle" color="red" onClick={() => setRemoving(true)}>
              Remove
            </Button>
          )}
        </Group>
      )}
      <ConfirmDialog
        opened={removing}
        title="Remove the policy?"
        confirm="Remove the policy"
        onConfirm={() => remove.mutate()}
        onClose={() => setRemoving(false)}
        pending={remove.isPending}
        error={remove.error}
      >
        Orders that call for insurance are then not offered. The record of changes keeps what it was.
      </ConfirmDialog>
    </SectionCard>
  );
}
