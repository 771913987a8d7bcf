import type { TWsTicketResponse } from '@app/contracts/api/auth';
import type { TCalendarSettings, TCalendarStatus } from '@app/contracts/api/calendar';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { apiRequest, failureText } from '../../lib/api';
import { formatInstant } from '../../lib/format';
import { Button } from '../../ui/Button';
import { SelectField, TextField } from '../../ui/Field';
import { errorToast, toast } from '../../ui/toast-store';
import { CalendarSettingsDialogSwitch } from './CalendarSettingsDialogSwitch';
import {
  afterDisconnect,
  type CalendarProvider,
  connectionOf,
  GOOGLE_CONNECT_PATH,
  PROVIDER_LABELS,
  SYNC_DIRECTION_OPTIONS,
  withConnection,
  withDirection,
} from './settings';
import { useDisconnectGoogle } from './settings-api';

type DraftProps = {
  draft: TCalendarSettings;
  onChange: (next: TCalendarSettings) => void;
};

function ProviderCard({
  type,
  connected,
  children,
}: {
  type: CalendarProvider;
  connected: boolean | null;
  children: ReactNode;
}) {
  const headingId = `calendar-provider-${type}`;
  return (
    <section
      aria-labelledby={headingId}
      data-testid={`provider-${type}`}
      className="rounded-md border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="font-semibold text-slate-900">
          {PROVIDER_LABELS[type]}
        </h3>
        <span
          className={`rounded-full px-2 py-0.5 text-xs font-medium ${
            connected ? 'bg-green-100 text-green-900' : 'bg-slate-200 text-slate-900'
          }`}
        >
          {connected === null ? 'Checking...' : connected ? 'Connected' : 'Not Connected'}
        </span>
      </div>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  );
}

/**
 * Connect starts Google's consent by navigating there (spec section 7); the server comes back with
 * ?calendar=. A navigation carries no bearer header, so it carries a one-time 30-second ticket instead
 * (the session token never goes in an address).
 */
async function connectGoogle() {
  try {
    const { ticket } = await apiRequest<TWsTicketResponse>('POST', '/api/auth/ws-ticket');
    window.location.assign(`${GOOGLE_CONNECT_PATH}?ticket=${encodeURIComponent(ticket)}`);
  } catch (error) {
    console.error('Failed to connect calendar', error);
    errorToast('Connection failed', 'Failed to connect calendar. Please try again.');
  }
}

/**
 * Google Calendar: Connected or Not Connected from GET /api/calendar/status. Connected, it offers Enable Sync,
 * Sync Direction (only while syncing), Default Calendar (only while syncing) and Disconnect. A server without
 * Google credentials says so and offers the setup guide instead of a Connect that cannot work.
 */
export function GoogleCard({
  status,
  draft,
  onChange,
  onOpenGuide,
}: DraftProps & { status: UseQueryResult<TCalendarStatus | null>; onOpenGuide: () => void }) {
  const disconnect = useDisconnectGoogle();
  const google = connectionOf(draft, 'google');
  const connected = status.data?.connected ?? (status.isPending ? null : false);

  const onDisconnect = () => {
    if (!window.confirm('Disconnect Google Calendar? Events will no longer sync with it.')) return;
    disconnect.mutate(undefined, { onSuccess: () => onChange(afterDisconnect(draft, 'google')) });
  };

  let body: ReactNode;
  if (status.isPending) body = <p className="text-sm text-slate-700">Checking the connection...</p>;
  else if (status.isError || !status.data)
    body = (
      <div role="alert" className="text-sm text-red-800">
        <p>{failureText(status.error, 'The connection status could not be read.')}</p>
        <Button variant="outline" className="mt-2" onClick={() => void status.refetch()}>
          Try Again
        </Button>
      </div>
    );
  else if (status.data.connected)
    body = (
      <>
        {status.data.email && <p className="text-sm text-slate-800">Connected as {status.data.email}</p>}
        {status.data.lastSyncAt && (
          <p className="text-sm text-slate-700">Last synced {formatInstant(status.data.lastSyncAt)}</p>
        )}
        {status.data.lastError && (
          <p role="alert" className="text-sm text-red-800">
            Last sync failed: {status.data.lastError}
          </p>
        )}
        {status.data.conflicts.length > 0 && (
          <div className="rounded-md bg-amber-50 p-3 text-sm text-amber-950">
            <p className="font-medium">Changed in Google, waiting for you (conflict resolution: manual)</p>
            <ul className="mt-1 list-disc pl-5">
              {status.data.conflicts.map((conflict) => (
                <li key={conflict.key}>
                  {conflict.googleTitle}
                  {conflict.googleStart && ` (${formatInstant(conflict.googleStart)})`}
                </li>
              ))}
            </ul>
          </div>
        )}
        <CalendarSettingsDialogSwitch
          label="Enable Sync"
          checked={google.enabled}
          onChange={(enabled) => onChange(withConnection(draft, 'google', { enabled }))}
        />
        <SelectField
          label="Sync Direction"
          options={SYNC_DIRECTION_OPTIONS}
          value={google.syncDirection}
          disabled={!google.enabled}
          onChange={(event) => onChange(withDirection(draft, 'google', event.target.value))}
        />
        {google.enabled && (
          <TextField
            label="Default Calendar"
            placeholder="Primary"
            maxLength={200}
            hint="A calendar id from Google; leave empty for your primary calendar."
            value={google.defaultCalendar}
            onChange={(event) =>
              onChange(withConnection(draft, 'google', { defaultCalendar: event.target.value }))
            }
          />
        )}
        <Button variant="danger" disabled={disconnect.isPending} onClick={onDisconnect}>
          {disconnect.isPending ? 'Disconnecting...' : 'Disconnect'}
        </Button>
      </>
    );
  else if (!status.data.configured)
    body = (
      <>
        <p className="text-sm text-slate-800">
          Google Calendar is not set up on this server yet: it has no Google OAuth client ID and secret, so
          connecting cannot start. The setup guide walks through creating them.
        </p>
        <Button variant="outline" onClick={onOpenGuide}>
          Open Setup Guide
        </Button>
      </>
    );
  else
    body = (
      <div className="flex flex-wrap gap-2">
        <Button aria-label="Connect Google Calendar" onClick={() => void connectGoogle()}>
          Connect
        </Button>
        <Button variant="outline" onClick={onOpenGuide}>
          Setup Guide
        </Button>
      </div>
    );

  return (
    <ProviderCard type="google" connected={connected}>
      {body}
    </ProviderCard>
  );
}

/** Outlook and Teams: no direct connection yet; the calendar address below is their working path (issue 13.5). */
export function ComingSoonCard({ type }: { type: Exclude<CalendarProvider, 'google'> }) {
  const name = PROVIDER_LABELS[type];
  return (
    <ProviderCard type={type} connected={false}>
      <p className="text-sm text-slate-800">
        Subscribe {type === 'teams' ? 'in Outlook (Teams shows the Outlook calendar)' : 'in Outlook'} with
        your calendar address below: your appointments and project dates appear there and stay up to date.
      </p>
      <Button
        variant="outline"
        aria-label={`Connect ${name}`}
        onClick={() =>
          toast({
            title: 'Coming Soon',
            description: `A direct ${name} connection is coming soon. Until then, subscribe with your calendar address.`,
          })
        }
      >
        Connect
      </Button>
    </ProviderCard>
  );
}
