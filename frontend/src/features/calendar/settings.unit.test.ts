import { DEFAULT_CALENDAR_SETTINGS, type TCalendarSettings } from '@app/contracts/api/calendar';
import { describe, expect, it } from 'vitest';
import {
  afterDisconnect,
  CONFLICT_RESOLUTION_OPTIONS,
  calendarReturnOf,
  connectionOf,
  draftOf,
  FREQUENCY_OPTIONS,
  frequencyLabel,
  googleRedirectAddress,
  isChanged,
  SYNC_DIRECTION_OPTIONS,
  saveBody,
  withConflictResolution,
  withConnection,
  withDirection,
  withFrequency,
} from './settings';

const saved = (overrides: Partial<TCalendarSettings> = {}): TCalendarSettings => ({
  ...DEFAULT_CALENDAR_SETTINGS,
  ...overrides,
});

describe('labels', () => {
  it('names the sync directions as the spec does and sends its values', () => {
    expect(SYNC_DIRECTION_OPTIONS).toEqual([
      { value: 'both', label: 'Two-way' },
      { value: 'import', label: 'Import Only' },
      { value: 'export', label: 'Export Only' },
    ]);
  });

  it('offers the four frequencies, in minutes and hours', () => {
    expect(FREQUENCY_OPTIONS).toEqual([
      { value: '15', label: '15 minutes' },
      { value: '30', label: '30 minutes' },
      { value: '60', label: '1 hour' },
      { value: '240', label: '4 hours' },
    ]);
    expect(frequencyLabel(90)).toBe('90 minutes');
  });

  it('gives every conflict resolution a readable label', () => {
    expect(CONFLICT_RESOLUTION_OPTIONS.map((option) => option.value)).toEqual([
      'manual',
      'latest',
      'external',
      'internal',
    ]);
    for (const option of CONFLICT_RESOLUTION_OPTIONS) expect(option.label).not.toBe(option.value);
  });
});

describe('draftOf', () => {
  it('starts from the defaults when nothing is saved: sync off, Teams imports, hourly, latest wins', () => {
    const draft = draftOf(null);
    expect(draft.connections.map((c) => [c.type, c.enabled, c.syncDirection])).toEqual([
      ['google', false, 'both'],
      ['outlook', false, 'both'],
      ['teams', false, 'import'],
    ]);
    expect(draft.autoSyncFrequency).toBe(60);
    expect(draft.conflictResolution).toBe('latest');
    expect(draft.notifications).toBe(true);
  });

  it('puts the providers in the spec order and fills in any the server did not send', () => {
    const draft = draftOf(
      saved({ connections: [{ type: 'teams', enabled: true, syncDirection: 'both', defaultCalendar: 'x' }] }),
    );
    expect(draft.connections.map((c) => c.type)).toEqual(['google', 'outlook', 'teams']);
    expect(connectionOf(draft, 'teams')).toEqual({
      type: 'teams',
      enabled: true,
      syncDirection: 'both',
      defaultCalendar: 'x',
    });
    expect(connectionOf(draft, 'google').enabled).toBe(false);
  });
});

describe('changes', () => {
  it('changes one provider only', () => {
    const draft = withConnection(draftOf(null), 'google', { enabled: true, defaultCalendar: 'work' });
    expect(connectionOf(draft, 'google')).toMatchObject({ enabled: true, defaultCalendar: 'work' });
    expect(connectionOf(draft, 'outlook')).toEqual(connectionOf(draftOf(null), 'outlook'));
  });

  it('reads select values back and ignores values that are not choices', () => {
    let draft = draftOf(null);
    draft = withDirection(draft, 'google', 'export');
    draft = withFrequency(draft, '240');
    draft = withConflictResolution(draft, 'manual');
    expect(connectionOf(draft, 'google').syncDirection).toBe('export');
    expect(draft.autoSyncFrequency).toBe(240);
    expect(draft.conflictResolution).toBe('manual');
    expect(withDirection(draft, 'google', 'sideways')).toBe(draft);
    expect(withFrequency(draft, '45')).toBe(draft);
    expect(withConflictResolution(draft, 'coin-toss')).toBe(draft);
  });

  it('turns sync off after a disconnect', () => {
    const on = withConnection(draftOf(null), 'google', { enabled: true });
    expect(connectionOf(afterDisconnect(on, 'google'), 'google').enabled).toBe(false);
  });

  it('tells an edited draft from the saved settings', () => {
    expect(isChanged(draftOf(null), null)).toBe(false);
    expect(isChanged(draftOf(null), DEFAULT_CALENDAR_SETTINGS)).toBe(false);
    expect(isChanged(withFrequency(draftOf(null), '15'), DEFAULT_CALENDAR_SETTINGS)).toBe(true);
  });
});

describe('saveBody', () => {
  it('sends the whole settings with the calendar names trimmed', () => {
    const draft = withConnection(draftOf(null), 'google', { enabled: true, defaultCalendar: '  team  ' });
    const checked = saveBody(draft);
    expect(checked.ok).toBe(true);
    if (checked.ok) {
      expect(connectionOf(checked.body, 'google').defaultCalendar).toBe('team');
      expect(checked.body.connections).toHaveLength(3);
    }
  });

  it('refuses what the server would refuse, with its message', () => {
    const draft = withConnection(draftOf(null), 'google', { defaultCalendar: 'x'.repeat(201) });
    expect(saveBody(draft).ok).toBe(false);
  });
});

describe('the OAuth return and the setup guide', () => {
  it('reads only connected and error', () => {
    expect(calendarReturnOf('connected')).toBe('connected');
    expect(calendarReturnOf('error')).toBe('error');
    expect(calendarReturnOf('yes')).toBeUndefined();
    expect(calendarReturnOf(undefined)).toBeUndefined();
  });

  it('builds the redirect address from the site origin', () => {
    expect(googleRedirectAddress('https://example.com')).toBe('https://example.com/api/auth/google/callback');
    expect(googleRedirectAddress('http://127.0.0.1:5173/')).toBe(
      'http://127.0.0.1:5173/api/auth/google/callback',
    );
  });
});
