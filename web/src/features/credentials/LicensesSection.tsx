import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { notifyDone } from '../../lib/notices.ts';
import {
  removeLicense,
  verifyLicense,
  type AppraiserCredentials,
  type AppraiserLicense,
} from '../../queries/credentials.ts';
import { LEVELS, LicenseForm } from './LicenseForm.tsx';
import { Standing } from './Standing.tsx';
import { VerifyButton } from './VerifyButton.tsx';

const levelName = (level: AppraiserLicense['level']) => LEVELS.find((l) => l.value === level)?.label ?? level;

/**
 * The appraiser's licenses, a state each: level, number, whether in force and verified. The
 * appraiser and the company's staff add, change and remove them; only staff verify.
 */
export function LicensesSection({
  credentials,
  staff,
}: {
  credentials: AppraiserCredentials;
  staff: boolean;
}) {
  const appraiserId = credentials.appraiser.id;
  // The license being edited; null: a new one; undefined: no form open.
  const [editing, setEditing] = useState<AppraiserLicense | null | undefined>(undefined);
  const [removing, setRemoving] = useState<AppraiserLicense | null>(null);
  const remove = useMutation({
    mutationFn: (license: AppraiserLicense) => removeLicense(appraiserId, license.state),
    onSuccess: (_answer, license) => {
      setRemoving(null);
      notifyDone('License removed', `The ${license.state} license is no longer on file.`);
    },
  });
  return (
    <SectionCard
      title="Licenses"
      intro="A license or certification in each state where orders may be offered; the company verifies each one."
    >
      {credentials.licenses.length === 0 && <Text size="sm">No license on file yet.</Text>}
      {credentials.licenses.map((license) => (
        <Paper
          key={license.state}
          withBorder
          p="sm"
          component="article"
          aria-label={`${license.state} license`}
        >
          <Stack gap={6}>
            <Text fw={600}>
              {license.state} · {levelName(license.level)} · {license.number}
            </Text>
            <Standing credential={license} />
            <Group gap="xs">
              {staff && !license.verified_at && (
                <VerifyButton
                  what={`the ${license.state} license`}
                  verify={() => verifyLicense(appraiserId, license.state)}
                />
              )}
              <Button size="xs" variant="default" onClick={() => setEditing(license)}>
                Change
              </Button>
              <Button size="xs" variant="subtle" color="red" onClick={() => setRemoving(license)}>
                Remove
              </Button>
            </Group>
          </Stack>
        </Paper>
      ))}
      {editing !== undefined ? (
        <LicenseForm appraiserId={appraiserId} license={editing} onDone={() => setEditing(undefined)} />
      ) : (
        <Group>
          <Button variant="light" onClick={() => setEditing(null)}>
            Add a license
          </Button>
        </Group>
      )}
      <ConfirmDialog
        opened={removing !== null}
        title={`Remove the ${removing?.state ?? ''} license?`}
        confirm="Remove the license"
        onConfirm={() => removing && remove.mutate(removing)}
        onClose={() => setRemoving(null)}
        pending={remove.isPending}
        error={remove.error}
      >
        Orders in that state are then not offered on it. The record of changes keeps what it was.
      </ConfirmDialog>
    </SectionCard>
  );
}
