import { Modal, Select, Stack } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { FormButtons } from '../../components/FormButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { clientConfigurationQuery, refreshClientConfiguration } from '../../queries/clients.ts';
import { failureText } from '../../queries/failure.ts';
import { formErrorsOf } from '../../queries/form-errors.ts';
import { changeUser, type ManagedUser } from '../../queries/users.ts';

/** The Select's value for "no branch" (a Select's values are strings; the API's is null). */
const NO_BRANCH = 'none';

/** A client user's branch: one of the client's branches (its configuration lists them), or none. */
export function BranchDialog({ user, onClose }: { user: ManagedUser | null; onClose: () => void }) {
  return (
    <Modal opened={user !== null} onClose={onClose} title={user ? `Branch of ${user.name}` : ''}>
      {user && <BranchForm user={user} onClose={onClose} />}
    </Modal>
  );
}

function BranchForm({ user, onClose }: { user: ManagedUser; onClose: () => void }) {
  const clientId = user.organization.id;
  const configuration = useQuery(clientConfigurationQuery(clientId));
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({ initialValues: { branch_id: user.branch?.id ?? NO_BRANCH } });
  const submit = form.onSubmit(async ({ branch_id }) => {
    setFailure(null);
    try {
      const saved = await changeUser(user.id, { branch_id: branch_id === NO_BRANCH ? null : branch_id });
      notifyDone(
        'User changed',
        `${user.name} now belongs to ${saved.branch ? saved.branch.name : 'no branch'}.`,
      );
      onClose();
    } catch (error) {
      const { fields, rest } = formErrorsOf(error, { branch_id: 'branch_id' }, { branch_id: 'The branch' });
      form.setErrors(fields);
      setFailure(rest);
      // A branch refused may be one removed meanwhile: the list then offers what is there now.
      if (fields.branch_id) await refreshClientConfiguration(clientId);
    }
  });
  const branches = configuration.data?.branches ?? [];
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FormFailure title="The branch was not changed" failure={failure} />
        <FormFailure
          title="The client's branches could not be loaded"
          failure={configuration.isError ? failureText(configuration.error) : null}
        />
        <Select
          label="Branch"
          description={`${user.first_name}'s new orders go to this branch. Where ${user.organization.name} shows its users their branch's orders (Clients, Settings), ${user.first_name} sees this branch's.`}
          allowDeselect={false}
          disabled={configuration.isPending}
          data={[
            { value: NO_BRANCH, label: 'No branch' },
            ...branches.map((branch) => ({ value: branch.id, label: branch.name })),
          ]}
          data-autofocus
          {...form.getInputProps('branch_id')}
        />
        <FormButtons
          onCancel={onClose}
          submitting={form.submitting}
          submit="Save branch"
          disabled={!form.isDirty()}
        />
      </Stack>
    </form>
  );
}
