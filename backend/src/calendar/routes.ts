import { ZCalendarEvents, ZCalendarRangeQuery } from '@app/contracts/api/calendar';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { guards } from '../auth/guard.ts';
import { clientIdForUser } from '../clients/queries.ts';
import type { AppDeps } from '../platform/deps.ts';
import { calendarEvents } from './events.ts';

/** The calendar's reads: the month view's events (staff: everyone's; a client: their own). */
export function calendarRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireUser } = guards(deps);
  return async (app) => {
    app.get(
      '/api/calendar/events',
      {
        schema: { querystring: ZCalendarRangeQuery, response: { 200: ZCalendarEvents } },
        preValidation: requireUser,
      },
      async (request) => {
        if (request.user!.role === 'admin') return calendarEvents(deps, request.query, { kind: 'all' });
        const clientId = await clientIdForUser(deps, request.user!.id);
        return clientId === null ? [] : calendarEvents(deps, request.query, { kind: 'client', clientId });
      },
    );
  };
}
