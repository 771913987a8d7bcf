/**
 * Calendar sync's mutable tables, outside the event log (secrets never go into events):
 * - `calendar_connections`: one row per admin with a connected Google account: the refresh token ENCRYPTED
 *   (AES-256-GCM, `tokens.ts`), the account's e-mail, the pull's sync token and the last sync's outcome.
 * - `calendar_token_keys`: the encryption key when CALENDAR_TOKEN_KEY is not set (made once, like file_url_keys).
 * - `calendar_oauth_states`: one-time `state` values of connects under way, bound to the admin and session.
 */
export const calendarTablesSql = `
CREATE TABLE calendar_connections (
  user_id integer PRIMARY KEY,
  provider text NOT NULL DEFAULT 'google',
  email text NOT NULL,
  refresh_token bytea NOT NULL,
  connected_at timestamptz NOT NULL DEFAULT now(),
  calendar_id text,
  sync_token text,
  last_pull_at timestamptz,
  last_sync_at timestamptz,
  last_error text
);
CREATE TABLE calendar_token_keys (
  id smallint PRIMARY KEY CHECK (id = 1),
  secret bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE calendar_oauth_states (
  state_hash text PRIMARY KEY,
  user_id integer NOT NULL,
  session_hash text NOT NULL,
  expires_at timestamptz NOT NULL
);`;
