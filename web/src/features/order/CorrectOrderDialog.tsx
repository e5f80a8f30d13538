import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { FormButtons } from '../../components/FormButtons.tsx';
import { FormFailure } from '../../components/FormFailure.tsx';
import { enterDoesNotSubmit } from '../../lib/forms.ts';
import { sendForm } from '../../queries/form-errors.ts';
import { changedMeanwhile, correctOrderMutation, reloadOrder } from '../../queries/order.ts';
import { CORRECTION_API_FIELDS, CORRECTION_LABELS, correctionBody, correctionValues } from './correction.ts';
import { CorrectionFields } from './CorrectionFields.tsx';

/** A refusal, brought into view as it appears (a phone shows a part of the form at a time). */
const intoView = (node: HTMLElement | null) => node?.scrollIntoView({ block: 'nearest' });

/**
 * "Correct order": the order's fields this person may correct, prefilled; only what they change
 * is sent, with the version they read (If-Match), so that a change someone else made meanwhile
 * is not overwritten unseen: the dialog says so and reloads the order, keeping their edits.
 */
export function CorrectOrderDialog({ order, onClose }: { order: Order; onClose: () => void }) {
  const [read, setRead] = useState(() => ({ values: correctionValues(order), version: order.version }));
  const [failure, setFailure] = useState<string | null>(null);
  const [reloaded, setReloaded] = useState(false);
  const correct = useMutation(correctOrderMutation(order.id));
  const form = useForm({ initialValues: read.values });
  const stale = changedMeanwhile(correct.error);

  /** The service's messages by their fields, and the first of those fields in view and focused. */
  const showErrors = (errors: Record<string, string>) => {
    form.setErrors(errors);
    const first = Object.keys(errors)[0];
    if (first) requestAnimationFrame(() => form.getInputNode(first)?.focus());
  };

  const submit = form.onSubmit(async (values) => {
    const body = correctionBody(read.values, values, order.correctable_fields);
    if (Object.keys(body).length === 0) {
      setFailure('Nothing was changed: change a field, then save.');
      return;
    }
    if (body.due_date === '') {
      form.setErrors({ due_date: 'The due date is required: choose the new one.' });
      return;
    }
    setReloaded(false);
    const corrected = await sendForm(
      () => correct.mutateAsync({ version: read.version, body }),
      { setErrors: showErrors, setFailure },
      CORRECTION_LABELS,
      CORRECTION_API_FIELDS,
    );
    if (!corrected) return;
    notifyDone('Order corrected', 'The history shows what changed.');
    onClose();
  });

  /** The order as it is now under the person's own edits: their changes kept, the rest refreshed. */
  const reload = async () => {
    const fresh = await reloadOrder(order.id);
    const now = correctionValues(fresh);
    const edited = Object.fromEntries(
      (Object.keys(now) as (keyof typeof now)[])
        .filter((key) => form.values[key] !== read.values[key])
        .map((key) => [key, form.values[key]]),
    );
    setRead({ values: now, version: fresh.version });
    form.setValues({ ...now, ...edited });
    correct.reset();
    setFailure(null);
    setReloaded(true);
  };

  return (
    <Modal opened onClose={onClose} title="Correct order" centered size="lg">
      <form onSubmit={submit} onKeyDown={enterDoesNotSubmit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Change what was entered wrong or has changed. Only the fields you change are saved, and the
            history records each one before and after.
          </Text>
          <CorrectionFields form={form} allowed={order.correctable_fields} />
          {/* Beside the button just pressed: on a phone the top of the form is scrolled away. */}
          {stale ? (
            <Alert color="orange" role="alert" title="Someone else changed this order" ref={intoView}>
              <Stack gap="xs" align="start">
                <Text size="sm">
                  The order changed after you opened this form, so nothing was saved. Reload it to see their
                  change; your own changes here stay, to check and save again.
                </Text>
                <Button size="xs" variant="default" onClick={() => void reload()}>
                  Reload the order
                </Button>
              </Stack>
            </Alert>
          ) : (
            <div key={failure} ref={intoView}>
              <FormFailure title="Nothing was saved" failure={failure} />
            </div>
          )}
          {reloaded && (
            <Alert color="blue" role="status">
              The order is reloaded with the other change. Check your changes, then save again.
            </Alert>
          )}
          <FormButtons onCancel={onClose} submitting={correct.isPending} submit="Save the correction" />
        </Stack>
      </form>
    </Modal>
  );
}
