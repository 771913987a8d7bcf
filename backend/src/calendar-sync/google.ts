import { OAuth2Client } from 'google-auth-library';
// The Calendar API alone: `googleapis` itself loads every Google API, over 100 MB in each process that imports it.
import { calendar } from 'googleapis/build/src/apis/calendar/index.js';
import type { Config } from '../platform/config.ts';

/** The basic Google Calendar scope (spec section 9: "the requested calendar scope is the basic Google calendar scope"). */
export const GOOGLE_CALENDAR_SCOPE = 'https://www.googleapis.com/auth/calendar';

type GoogleConfig = Pick<
  Config,
  | 'GOOGLE_CLIENT_ID'
  | 'GOOGLE_CLIENT_SECRET'
  | 'GOOGLE_REDIRECT_URI'
  | 'GOOGLE_OAUTH_BASE_URL'
  | 'GOOGLE_API_ROOT_URL'
  | 'PUBLIC_URL'
>;

export const isGoogleConfigured = (config: GoogleConfig) =>
  Boolean(config.GOOGLE_CLIENT_ID && config.GOOGLE_CLIENT_SECRET);

export const googleRedirectUri = (config: GoogleConfig) =>
  config.GOOGLE_REDIRECT_URI ?? new URL('/api/auth/google/callback', config.PUBLIC_URL).toString();

/** Google's own endpoints, or a local fake's (GOOGLE_OAUTH_BASE_URL, in tests). */
function endpoints(config: GoogleConfig) {
  const base = config.GOOGLE_OAUTH_BASE_URL?.replace(/\/$/, '');
  if (!base) return undefined;
  return {
    oauth2AuthBaseUrl: `${base}/o/oauth2/v2/auth`,
    oauth2TokenUrl: `${base}/token`,
    oauth2RevokeUrl: `${base}/revoke`,
  };
}

/** An OAuth client of the configured Google app (google-auth-library); with a refresh token, it signs API calls. */
export function oauthClient(config: GoogleConfig, refreshToken?: string) {
  const client = new OAuth2Client({
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: googleRedirectUri(config),
    ...(endpoints(config) && { endpoints: endpoints(config) }),
  });
  if (refreshToken) client.setCredentials({ refresh_token: refreshToken });
  return client;
}

/** Where the admin's browser goes to give consent: offline access (a refresh token), asked every time. */
export function consentUrl(config: GoogleConfig, state: string) {
  return oauthClient(config).generateAuthUrl({
    access_type: 'offline',
    prompt: 'consent',
    scope: [GOOGLE_CALENDAR_SCOPE],
    state,
    include_granted_scopes: true,
  });
}

/** The Calendar API v3 through `googleapis`, signed with the admin's refresh token. */
export function calendarApi(config: GoogleConfig, auth: OAuth2Client) {
  return calendar({
    version: 'v3',
    auth,
    ...(config.GOOGLE_API_ROOT_URL && { rootUrl: config.GOOGLE_API_ROOT_URL.replace(/\/?$/, '/') }),
    // Our jobs retry with back-off themselves; one quick call each (a timed-out call is one failed attempt).
    retry: false,
    timeout: 15_000,
  });
}
export type CalendarApi = ReturnType<typeof calendarApi>;

/** The HTTP status of a failed Google call (gaxios errors carry it), or null. */
export function statusOf(err: unknown): number | null {
  const e = err as { status?: unknown; code?: unknown; response?: { status?: unknown } };
  const status = e?.response?.status ?? e?.status ?? e?.code;
  return typeof status === 'number' ? status : null;
}

/** The refresh token no longer works (revoked by the person at Google, or expired): reconnecting is needed. */
export function isInvalidGrant(err: unknown) {
  const e = err as { response?: { data?: { error?: unknown } }; message?: unknown };
  return e?.response?.data?.error === 'invalid_grant' || String(e?.message ?? '').includes('invalid_grant');
}
