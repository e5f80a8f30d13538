import { Button, Text } from '@mantine/core';
import type { WorkItem } from '../../queries/work.ts';
import { fetchesActionDialog } from '../actions/LazyActionDialog.tsx';
import { SubmitButton } from './WorkCard.tsx';

/** The dialogs a work card opens. */
export type WorkDialog = 'schedule_inspection' | 'complete_inspection';

/**
 * The one thing an order needs next, as a button; what only the appraiser does is not offered
 * to someone acting for them (the service would refuse it).
 */
export function NextStepAction({
  item,
  acting,
  onAction,
}: {
  item: WorkItem;
  acting: boolean;
  onAction: (action: WorkDialog) => void;
}) {
  switch (item.next_step) {
    case 'schedule':
      return (
        <Button {...fetchesActionDialog} onClick={() => onAction('schedule_inspection')}>
          Schedule
        </Button>
      );
    case 'inspect':
      return acting ? (
        <Text size="sm" c="dimmed">
          The appraiser records the inspection.
        </Text>
      ) : (
        <Button {...fetchesActionDialog} onClick={() => onAction('complete_inspection')}>
          Complete inspection
        </Button>
      );
    case 'submit':
    case 'revise':
      return acting ? (
        <Text size="sm" c="dimmed">
          The appraiser submits their report.
        </Text>
      ) : (
        <SubmitButton orderId={item.id}>
          {item.next_step === 'submit' ? 'Submit the report' : 'Revise and resubmit'}
        </SubmitButton>
      );
    default:
      return null;
  }
}

/** Whether the order needs a step of the appraiser's now (those in review or on hold do not). */
export const hasNextStep = (item: WorkItem) =>
  ['schedule', 'inspect', 'submit', 'revise'].includes(item.next_step);
