import { Type } from 'typebox';
import type { AppDeps, AppInstance } from '../http/app-instance.ts';
import { principalOf } from '../http/request-context.ts';
import { ref, Success } from '../schemas/common.ts';
import {
  CalendarFeed,
  CalendarFeedParams,
  CalendarFeedStatus,
  WorkList,
  WorkQuery,
} from './workspace.schemas.ts';
import {
  calendarFeedStatus,
  calendarFeedText,
  renewCalendarFeed,
  stopCalendarFeed,
  workOf,
} from './workspace.service.ts';

const appraisersOnly = { roles: ['appraiser'] as const };

/** The appraiser's workspace under /api/v1: their work, and their calendar feed's address. */
export function registerWorkspaceRoutes(app: AppInstance, deps: AppDeps): void {
  const { db, config } = deps;
  app.get(
    '/me/work',
    {
      config: appraisersOnly,
      schema: {
        operationId: 'listMyWork',
        tags: ['appraisers'],
        summary: 'Your orders as work to do (appraisers)',
        description:
          'Open offers with the time left to answer, then orders to schedule, inspect, submit or revise, on hold, in review, and those closed in the last 180 days with your fee (never the lender’s).',
        querystring: WorkQuery,
        response: { 200: ref(WorkList) },
      },
    },
    (request) => workOf(db, principalOf(request).user, config, request.query.next_step),
  );

  app.get(
    '/me/calendar_feed',
    {
      config: appraisersOnly,
      schema: {
        operationId: 'getCalendarFeed',
        tags: ['appraisers'],
        summary: 'Whether you have a calendar feed address (appraisers)',
        description: 'The address itself is shown only when it is made (POST).',
        response: { 200: ref(CalendarFeedStatus) },
      },
    },
    (request) => calendarFeedStatus(db, principalOf(request).user),
  );
  app.post(
    '/me/calendar_feed',
    {
      config: appraisersOnly,
      schema: {
        operationId: 'renewCalendarFeed',
        tags: ['appraisers'],
        summary: 'Make a new private calendar feed address (appraisers)',
        description:
          'Answers the address calendar apps subscribe to (GET /calendar/{token}.ics, no key needed): your scheduled inspections. An address made before stops working.',
        response: { 201: ref(CalendarFeed, 'The new address, shown only now') },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await renewCalendarFeed(db, principalOf(request).user, config)),
  );
  app.delete(
    '/me/calendar_feed',
    {
      config: { ...appraisersOnly, errors: [404] },
      schema: {
        operationId: 'deleteCalendarFeed',
        tags: ['appraisers'],
        summary: 'Stop your calendar feed: its address stops working',
        description: '404 when you have none.',
        response: { 200: ref(Success) },
      },
    },
    async (request) => {
      await stopCalendarFeed(db, principalOf(request).user);
      return { success: true as const };
    },
  );
}

/** The feed calendar apps subscribe to: its private address is the credential, as a signed link's is. */
export function registerCalendarFeedRoute(app: AppInstance, deps: AppDeps): void {
  app.get(
    '/calendar/:feed',
    {
      schema: {
        operationId: 'getCalendarFeedFile',
        tags: ['appraisers'],
        summary: 'An appraiser’s scheduled inspections as an iCalendar feed (.ics)',
        description:
          'The address from POST /api/v1/me/calendar_feed, no key: calendar apps cannot send one. RFC 5545, times in UTC, one event per scheduled inspection (an hour long), each with a stable UID so that a rescheduled inspection moves. An unknown or replaced address answers 404.',
        security: [],
        params: CalendarFeedParams,
        response: {
          200: {
            description: 'The calendar',
            content: { 'text/calendar': { schema: Type.String() } },
          },
        },
      },
      config: { errors: [404] },
    },
    async (request, reply) => {
      const text = await calendarFeedText(deps.db, deps.config, request.params.feed);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="inspections.ics"')
        .header('cache-control', 'private, max-age=300')
        .send(text);
    },
  );
}
