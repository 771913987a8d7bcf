import {
  CALENDAR_NOT_CONNECTED,
  ZAddCalendarEventBody,
  ZCalendarRangeQuery,
  ZCalendarSettings,
  ZCalendarStatus,
  ZImportedCalendarEvents,
} from '@app/contracts/api/calendar';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  actorOf,
  bearerToken,
  guards,
  type SignedInUser,
  userForSession,
  userForToken,
} from '../auth/guard.ts';
import { redeemWsTicket } from '../auth/ws-tickets.ts';
import { systemActor } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { conflict, forbidden, unauthorized } from '../platform/errors.ts';
import { recordConnected, recordDisconnected, requestAddEvent, saveSettings } from './commands.ts';
import { calendarApi, consentUrl, isGoogleConfigured, oauthClient } from './google.ts';
import { importedEvents, settingsOf, statusOf } from './queries.ts';
import {
  connectionOf,
  deleteConnection,
  forgetSyncToken,
  issueState,
  redeemState,
  refreshTokenOf,
  saveConnection,
} from './tokens.ts';

/** Where the browser lands after connecting (the schedule view reads `calendar` once, then removes it). */
export const CALENDAR_CONNECTED_PAGE = '/admin?view=schedule&calendar=connected';
export const CALENDAR_ERROR_PAGE = '/admin?view=schedule&calendar=error';

const ZSuccess = z.object({ success: z.boolean() });

/**
 * Google Calendar sync (issue 13.4): the OAuth connect (browser navigations), status, disconnect, the
 * per-admin sync settings, and one-off events. Pushing and pulling run in the workers (`push.ts`, `pull.ts`).
 */
export function calendarSyncRoutes(deps: AppDeps): FastifyPluginAsyncZod {
  const { requireAdmin } = guards(deps);

  /**
   * A browser navigation carries no Authorization header: the page first asks POST /api/auth/ws-ticket for a
   * one-time, 30-second ticket bound to its session and navigates to `?ticket=<ticket>`. A bearer header works too.
   */
  async function navigatingAdmin(request: FastifyRequest, ticket: string | undefined): Promise<SignedInUser> {
    const token = bearerToken(request);
    let user: SignedInUser | null = null;
    if (token) user = await userForToken(deps, token);
    else if (ticket) {
      const session = await redeemWsTicket(deps.db, ticket);
      user = session ? await userForSession(deps, session) : null;
    }
    if (!user) throw unauthorized();
    if (user.mustChangePassword)
      throw forbidden('Please create a new password to continue.', 'password_change_required');
    if (user.role !== 'admin') throw forbidden('Admin access required.');
    return user;
  }

  return async (app) => {
    app.get(
      '/api/auth/google-calendar',
      { schema: { querystring: z.object({ ticket: z.string().max(200).optional() }) } },
      async (request, reply) => {
        const user = await navigatingAdmin(request, request.query.ticket);
        if (!isGoogleConfigured(deps.config)) {
          request.log.warn('Google Calendar connect asked for, but GOOGLE_CLIENT_ID/SECRET are not set');
          return reply.redirect(CALENDAR_ERROR_PAGE, 302);
        }
        const state = await issueState(deps.db, user.id, user.sessionHash);
        return reply.redirect(consentUrl(deps.config, state), 302);
      },
    );

    app.get(
      '/api/auth/google/callback',
      {
        schema: {
          querystring: z.object({
            code: z.string().max(2000).optional(),
            state: z.string().max(200).optional(),
            error: z.string().max(200).optional(),
          }),
        },
      },
      async (request, reply) => {
        const ok = await connectFromCallback(deps, request.query, request.log).catch((err) => {
          request.log.warn({ err }, 'Google Calendar connect failed');
          return false;
        });
        return reply.redirect(ok ? CALENDAR_CONNECTED_PAGE : CALENDAR_ERROR_PAGE, 302);
      },
    );

    app.get(
      '/api/calendar/status',
      { schema: { response: { 200: ZCalendarStatus } }, preValidation: requireAdmin },
      async (request) => statusOf(deps, request.user!.id),
    );

    app.post(
      '/api/calendar/disconnect',
      {
        schema: { response: { 200: ZSuccess.extend({ revoked: z.boolean() }) } },
        preValidation: requireAdmin,
      },
      async (request) => {
        const userId = request.user!.id;
        const row = await connectionOf(deps.db, userId);
        if (!row) return { success: true, revoked: false };
        let revoked = false;
        try {
          await oauthClient(deps.config).revokeToken(await refreshTokenOf(deps, row));
          revoked = true;
        } catch (err) {
          // The token is forgotten all the same; Google lets it go unused (the person may also remove access).
          request.log.warn({ err: String(err) }, 'revoking the Google token failed; removed here anyway');
        }
        await deleteConnection(deps.db, userId);
        await recordDisconnected(deps, actorOf(request), userId, revoked);
        return { success: true, revoked };
      },
    );

    app.get(
      '/api/calendar/settings',
      { schema: { response: { 200: ZCalendarSettings } }, preValidation: requireAdmin },
      async (request) => settingsOf(deps, request.user!.id),
    );

    app.put(
      '/api/calendar/settings',
      {
        schema: { body: ZCalendarSettings, response: { 200: ZCalendarSettings } },
        preValidation: requireAdmin,
      },
      async (request) => {
        const userId = request.user!.id;
        const before = await settingsOf(deps, userId);
        await saveSettings(deps, actorOf(request), userId, request.body);
        const after = await settingsOf(deps, userId);
        // Another conflict resolution judges again what earlier pulls saw (a 'manual' conflict, say): the next
        // pull lists everything instead of the changes since the last one.
        if (before.conflictResolution !== after.conflictResolution) await forgetSyncToken(deps.db, userId);
        return after;
      },
    );

    app.get(
      '/api/calendar/imported',
      {
        schema: { querystring: ZCalendarRangeQuery, response: { 200: ZImportedCalendarEvents } },
        preValidation: requireAdmin,
      },
      async (request) => importedEvents(deps, request.user!.id, request.query),
    );

    app.post(
      '/api/calendar/add-event',
      {
        schema: {
          body: ZAddCalendarEventBody,
          response: { 202: ZSuccess.extend({ id: z.string() }), 409: z.unknown() },
        },
        preValidation: requireAdmin,
      },
      async (request, reply) => {
        if (!(await connectionOf(deps.db, request.user!.id)))
          throw conflict(CALENDAR_NOT_CONNECTED, 'calendar_not_connected');
        const { requestId } = await requestAddEvent(deps, actorOf(request), request.user!.id, request.body);
        return reply.code(202).send({ success: true, id: requestId });
      },
    );
  };
}

/**
 * The end of a connect: the state must be one we issued (once, within ten minutes) to an admin whose session is
 * still signed in; the code is exchanged for tokens (offline access gives a refresh token), the account's
 * e-mail is read from its primary calendar's id, the refresh token is stored encrypted, and the connect is
 * recorded. False (the page shows 'Connection Failed') for anything else, including a refusal at Google.
 */
async function connectFromCallback(
  deps: AppDeps,
  query: { code?: string; state?: string; error?: string },
  log: FastifyBaseLogger,
): Promise<boolean> {
  if (!query.state) return false;
  const bound = await redeemState(deps.db, query.state);
  if (!bound) return false;
  if (query.error || !query.code) {
    log.warn({ error: query.error }, 'Google Calendar consent was not given');
    return false;
  }
  const user = await userForSession(deps, bound.sessionHash);
  if (!user || user.id !== bound.userId || user.role !== 'admin') return false;
  const client = oauthClient(deps.config);
  const { tokens } = await client.getToken(query.code);
  if (!tokens.refresh_token) {
    log.warn('Google answered without a refresh token');
    return false;
  }
  client.setCredentials(tokens);
  const primary = await calendarApi(deps.config, client).calendars.get({ calendarId: 'primary' });
  const email = primary.data.id ?? '';
  await saveConnection(deps, user.id, email, tokens.refresh_token);
  await recordConnected(deps, { ...systemActor(), id: user.id, role: 'admin' }, user.id, email);
  return true;
}
