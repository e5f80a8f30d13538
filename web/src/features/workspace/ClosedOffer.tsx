import { Alert, Anchor, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ApiFailure, failureText } from '../../queries/failure.ts';
import { orderQuery } from '../../queries/order.ts';

/** The alert's tint takes the link's usual indigo under 4.5:1: a shade darker reads. */
const LINK_ON_TINT = 'indigo.9';

/**
 * An offer an email named (`/offers?order=`) that has left the inbox: where the order is now.
 * The appraiser still sees it if they accepted it (with conditions or not), and then goes to it;
 * declined, timed out or withdrawn, the API answers 404 (the order is no longer theirs to see),
 * and the sentence says so, with the way to their work.
 */
export function ClosedOffer({ orderId }: { orderId: string }) {
  const order = useQuery(orderQuery(orderId));
  const gone = order.error instanceof ApiFailure && order.error.status === 404;
  return (
    <Alert color="indigo" title="That offer is no longer open" role="status">
      {order.isPending && <Text size="sm">Looking for where the order is now…</Text>}
      {order.data && (
        <>
          <Text size="sm">
            You accepted it: order {order.data.file_number} is now {order.data.status.name}.
          </Text>
          <Anchor
            size="sm"
            fw={600}
            c={LINK_ON_TINT}
            renderRoot={(props) => <Link {...props} to="/orders/$orderId" params={{ orderId }} />}
          >
            Open order {order.data.file_number}
          </Anchor>
        </>
      )}
      {order.isError && (
        <>
          <Text size="sm">
            {gone
              ? 'It was declined, it timed out, or the company withdrew it: the order is no longer yours to open.'
              : `Where the order is now could not be found out: ${failureText(order.error)}`}
          </Text>
          <Anchor size="sm" fw={600} c={LINK_ON_TINT} renderRoot={(props) => <Link {...props} to="/work" />}>
            Go to My work
          </Anchor>
        </>
      )}
    </Alert>
  );
}
