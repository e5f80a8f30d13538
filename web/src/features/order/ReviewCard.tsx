import {
  Alert,
  Anchor,
  Button,
  Card,
  Divider,
  Group,
  List,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { Order } from '../../../../sdk/src/client.ts';
import { filesQuery } from '../../queries/order-records.ts';
import { isDestructive } from '../actions/destructive.ts';
import { dateTime, humanize } from '../../lib/format.ts';
import { useAfterFirstPaint } from '../../lib/after-first-paint.ts';
import { REVIEW_ACTIONS } from './card-actions.ts';

/**
 * What the service read of the report: a chunk of its own, asked for once the top of the order
 * is drawn and only for an order with a submission the person may see.
 */
const ReportReading = lazy(async () => ({
  default: (await import('../report/ReportReading.tsx')).ReportReading,
}));

/**
 * Where the report stands with the lender, for the company and the appraiser: the lender gets a
 * submission only once the company releases it (completing the order, or sending it to the
 * lender's review; and once paid, where the company asks for that). Null for the lender, who
 * sees only what it was given.
 */
function releaseText(report: Order['report'], company: boolean): string | null {
  if (!report || report.latest_submission === null) return null;
  const { latest_submission: latest, released_submission: released } = report;
  const afterPayment = report.release_after_payment ? ', and once the order is paid' : '';
  if (released === latest) return `Released to the lender${latest > 1 ? ` (submission ${latest})` : ''}.`;
  const earlier = released ? `The lender has submission ${released}. ` : '';
  return company
    ? `${earlier}The lender does not have ${released ? `submission ${latest}` : 'this report'} yet: it is released when you complete the order or send it to the lender's review${afterPayment}.`
    : `${earlier}The company reviews the report before the lender gets it.`;
}

/**
 * The submitted report: the PDF opens in the browser's own viewer (its signed link, shown
 * inline), the review's next steps are at hand (start the review, send it back with what to
 * fix, complete it; the lender approves it when it reviews reports itself; deliver), then what
 * the service read of it (its value, findings and comparables) and every file under its type.
 */
export function ReviewCard({ order, onAction }: { order: Order; onAction: (action: string) => void }) {
  const files = useQuery(filesQuery(order.id));
  const later = useAfterFirstPaint();
  const actions = REVIEW_ACTIONS.filter((action) => order.allowed_transitions.includes(action));
  const reports = (files.data ?? []).filter((file) => file.file_type.slug === 'appraisal_pdf');
  if (actions.length === 0 && reports.length === 0) return null;
  const latest = reports.at(-1);
  // The company's staff write internal notes; no one else does.
  const company = order.message_audiences.choices.includes('internal');
  const release = releaseText(order.report, company);
  const byType = new Map<string, NonNullable<typeof files.data>>();
  for (const file of files.data ?? [])
    byType.set(file.file_type.name, [...(byType.get(file.file_type.name) ?? []), file]);

  return (
    <Card withBorder component="section" aria-label="Report">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          Report
        </Title>
        {latest && (
          <Button
            component="a"
            href={`${latest.link}${latest.link.includes('?') ? '&' : '?'}disposition=inline`}
            target="_blank"
            rel="noopener"
            variant="light"
          >
            Open the report (PDF)
          </Button>
        )}
      </Group>
      <Stack gap="xs">
        {latest ? (
          <Text size="sm">
            {latest.filename}, submitted {dateTime(latest.created_at_iso)}
            {reports.length > 1 ? ` (${reports.length} versions)` : ''}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            No report submitted yet.
          </Text>
        )}
        {release && (
          <Alert
            color={order.report?.released_submission === order.report?.latest_submission ? 'teal' : 'orange'}
            p="xs"
            title="The lender and the report"
          >
            <Text size="sm">{release}</Text>
          </Alert>
        )}
        {actions.length > 0 && (
          <Group gap="xs">
            {actions.map((action) => (
              <Button
                key={action}
                variant={action === 'require_action' || isDestructive(action) ? 'outline' : 'filled'}
                onClick={() => onAction(action)}
              >
                {humanize(action)}
              </Button>
            ))}
          </Group>
        )}
        {/* A lender's order carries a report once one was released to it. */}
        {order.report !== null && later && (
          <Suspense fallback={<Skeleton height={180} />}>
            <ReportReading orderId={order.id} company={company} />
          </Suspense>
        )}
        {byType.size > 0 && <Divider my={4} label="Files of the report" labelPosition="left" />}
        {[...byType.entries()].map(([type, list]) => (
          <div key={type}>
            <Text size="sm" fw={600}>
              {type} ({list.length})
            </Text>
            <List size="sm" listStyleType="none" spacing={2}>
              {list.map((file) => (
                <List.Item key={file.id}>
                  <Anchor
                    href={file.link}
                    download={file.filename}
                    size="sm"
                    display="inline-block"
                    mih={24}
                    py={2}
                  >
                    {file.filename}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          </div>
        ))}
      </Stack>
    </Card>
  );
}
