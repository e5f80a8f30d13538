import { beforeAll } from 'vitest';
import { seedDemo, type DemoWorld } from '../../src/seed/demo.ts';
import type { TestApp } from './app.ts';
import { expectStep, placeOrder, type StepArgs } from './orders.ts';

/**
 * The demo world seeded once for a test file, with its three users' keys, and `step`: take an
 * action as one of them and check that it landed (staff read the new status back); and
 * `toInspected` and `toInReview`: an order walked to Inspection completed, or to In review.
 */
export function useDemoWorld(t: TestApp) {
  let demo: DemoWorld | null = null;
  beforeAll(async () => {
    demo = await seedDemo(t.db);
  });
  const world = () => {
    if (!demo) throw new Error('the demo world exists only inside tests and hooks');
    return demo;
  };
  const step = (...args: StepArgs) => expectStep(t.app, world().users.staff.api_key, ...args);
  const toInspected = async (overrides: Record<string, unknown> = {}) => {
    const { users } = world();
    const order = await placeOrder(t.app, t.db, world(), overrides);
    await step(users.staff.api_key, order.id, 'assign', 'Pending assignment', {
      appraiser_id: users.appraiser.id,
    });
    await step(users.appraiser.api_key, order.id, 'accept_assignment', 'Assigned');
    await step(users.appraiser.api_key, order.id, 'schedule_inspection', 'Inspection scheduled', {
      inspection_scheduled_at: '2037-12-01T09:00',
    });
    await step(users.appraiser.api_key, order.id, 'complete_inspection', 'Inspection completed');
    return order;
  };
  return {
    get demo() {
      return world();
    },
    get client() {
      return world().users.client.api_key;
    },
    get staff() {
      return world().users.staff.api_key;
    },
    get appraiser() {
      return world().users.appraiser.api_key;
    },
    step,
    /** Places an order and walks it to Inspection completed: assigned, accepted, inspected. */
    toInspected,
    /** Places an order and walks it to In review: assigned, accepted, inspected, report submitted. */
    toInReview: async (overrides: Record<string, unknown> = {}) => {
      const { users } = world();
      const order = await toInspected(overrides);
      await step(users.appraiser.api_key, order.id, 'request_submission', 'In review');
      return order;
    },
  };
}
