import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderWorkflowDocument } from '../../src/workflow/document.ts';
import { withAccessTables } from '../../src/workflow/access-document.ts';
import { STATUSES } from '../../src/workflow/statuses.ts';
import { ACTIONS, ENDPOINT_ACTIONS } from '../../src/workflow/transitions.ts';
import { useTestApp } from '../helpers/app.ts';

const t = useTestApp();

describe('the workflow table', () => {
  it('reaches every status of the interface by an action or a system event', () => {
    const reachable = new Set<string>(['Unassigned', 'Draft', ...ACTIONS.flatMap((a) => a.to)]);
    expect(STATUSES.filter((s) => !reachable.has(s))).toEqual([]);
    expect(STATUSES).toHaveLength(32);
  });

  it('leaves every status but Cancelled by some action', () => {
    const leavable = new Set(ACTIONS.flatMap((a) => a.from));
    expect(STATUSES.filter((s) => !leavable.has(s))).toEqual(['Cancelled']);
  });

  it('names each action once', () => {
    const names = ACTIONS.map((a) => a.action);
    expect(new Set(names).size).toBe(names.length);
  });

  it('gives every action with actors an endpoint, documented in the OpenAPI document', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/openapi.json' })).json();
    for (const action of ENDPOINT_ACTIONS) {
      expect(document.paths[`/api/v1/orders/{order_id}/${action.action}`]?.put, action.action).toBeDefined();
    }
  });

  it('is what docs/workflow.md shows (run npm run docs:workflow after changing the table)', () => {
    const onDisk = fs.readFileSync(new URL('../../docs/workflow.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(renderWorkflowDocument());
  });

  it('is what the access tables of docs/security.md show (run npm run docs:access after changing it)', () => {
    const onDisk = fs.readFileSync(new URL('../../docs/security.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(withAccessTables(onDisk));
  });

  it('declares an audience for every action that does not take it from a setting', () => {
    const silent = ACTIONS.filter((a) => a.audience === undefined && a.audienceVaries === undefined);
    // Left out: everyone reads them (an order's life as the three sides share it).
    expect(silent.map((a) => a.action).sort()).toEqual(
      [
        'accept_order',
        'approve_report',
        'cancel',
        'complete_inspection',
        'decline_order',
        'fulfill',
        'hold',
        'place',
        'request_completion',
        'resume',
        'schedule_inspection',
        'start_review',
      ].sort(),
    );
  });
});
