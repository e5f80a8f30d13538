import { Button, Group, Skeleton, Text } from '@mantine/core';
import { notifyDone } from '../../lib/notices.ts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { SectionCard } from '../../components/SectionCard.tsx';
import { paymentCardQuery, removePaymentCard } from '../../queries/account.ts';
import { failureText } from '../../queries/failure.ts';
import { CardForm } from './CardForm.tsx';

/**
 * The appraiser's card for the company's submission fees (GET, PUT and DELETE
 * /api/v1/me/payment_card): which card it is, replaced by a new one, or removed after asking.
 */
export function PaymentCardSection() {
  const card = useQuery(paymentCardQuery);
  const [replacing, setReplacing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const remove = useMutation({
    mutationFn: removePaymentCard,
    onSuccess: () => {
      setRemoving(false);
      notifyDone('Card removed', 'No card is on file now.');
    },
  });
  const onFile = card.data;
  return (
    <SectionCard
      title="Card for submission fees"
      intro="Your company charges its submission fee for each report to this card."
    >
      {card.isPending && <Skeleton height={36} />}
      {card.isError && <Text c="red.9">{failureText(card.error)}</Text>}
      {card.isSuccess && (
        <Text size="sm">
          {onFile
            ? `${onFile.brand} ending in ${onFile.last4}, expires ${onFile.exp_month}/${onFile.exp_year} (${onFile.name}).`
            : 'No card on file: a report you submit waits until its fee is paid.'}
        </Text>
      )}
      {replacing ? (
        <CardForm onDone={() => setReplacing(false)} />
      ) : (
        card.isSuccess && (
          <Group gap="xs">
            <Button variant="light" onClick={() => setReplacing(true)}>
              {onFile ? 'Replace the card' : 'Add a card'}
            </Button>
            {onFile && (
              <Button variant="subtle" color="red" onClick={() => setRemoving(true)}>
                Remove the card
              </Button>
            )}
          </Group>
        )
      )}
      <ConfirmDialog
        opened={removing}
        title="Remove your card?"
        confirm="Remove the card"
        onConfirm={() => remove.mutate()}
        onClose={() => setRemoving(false)}
        pending={remove.isPending}
        error={remove.error}
      >
        Submission fees can then not be charged: a report you submit waits in Submission fee failed until you
        add a card again.
      </ConfirmDialog>
    </SectionCard>
  );
}
