import type { TCalendarSettings, TCalendarStatus } from '@app/contracts/api/calendar';
import { type UseQueryResult, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { failureText } from '../../lib/api';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';
import { SelectField } from '../../ui/Field';
import { errorToast } from '../../ui/toast-store';
import { ComingSoonCard, GoogleCard } from './CalendarSettingsDialogProviders';
import { CalendarSettingsDialogSetupGuide } from './CalendarSettingsDialogSetupGuide';
import { CalendarSettingsDialogSwitch } from './CalendarSettingsDialogSwitch';
import { FeedAddress } from './FeedAddress';
import {
  CONFLICT_RESOLUTION_OPTIONS,
  draftOf,
  FREQUENCY_OPTIONS,
  saveBody,
  withConflictResolution,
  withFrequency,
} from './settings';
import { calendarSettingsQuery, calendarStatusQuery, useSaveCalendarSettings } from './settings-api';

/**
 * Calendar Integration Settings (spec part 2, sections 2.5, 4, 7, 9): Google Calendar, Outlook Calendar and
 * Microsoft Teams with their connection state, the private calendar address every calendar app can subscribe
 * to, the global sync settings, and Save Settings (PUT /api/calendar/settings, kept on the server).
 *
 * No development-calendar dialog: the earlier version's "local-browser calendar" kept events only in one
 * browser; the calendar address gives every calendar app the real schedule instead (issue 13.5).
 */
export function CalendarSettingsDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const close = () => onOpenChange(false);
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Calendar Integration Settings"
      description="Connect your calendars and choose how events sync."
      wide
    >
      {/* Mounted only while open: the status is asked for only then (spec section 7). */}
      {open && <SettingsBody onClose={close} />}
    </Dialog>
  );
}

function SettingsBody({ onClose }: { onClose: () => void }) {
  const settings = useQuery({ ...calendarSettingsQuery, staleTime: 0 });
  const status = useQuery({ ...calendarStatusQuery, staleTime: 0 });

  if (settings.isPending) return <p className="text-sm text-slate-700">Loading calendar settings...</p>;
  if (settings.isError)
    return (
      <div role="alert" className="space-y-2 text-sm text-red-800">
        <p>{failureText(settings.error, 'The calendar settings could not be loaded.')}</p>
        <div className="flex gap-2">
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Try Again
          </Button>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    );
  return <SettingsForm saved={settings.data} status={status} onClose={onClose} />;
}

function SettingsForm({
  saved,
  status,
  onClose,
}: {
  saved: TCalendarSettings | null;
  status: UseQueryResult<TCalendarStatus | null>;
  onClose: () => void;
}) {
  // The draft is taken once: a refetch while the dialog is open never overwrites what is being edited.
  const [draft, setDraft] = useState(() => draftOf(saved));
  const [guideOpen, setGuideOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSaveCalendarSettings();

  const onSave = () => {
    const checked = saveBody(draft);
    if (!checked.ok) {
      setProblem(checked.problem);
      return errorToast('Failed to save settings', checked.problem);
    }
    setProblem(null);
    save.mutate(checked.body, {
      onSuccess: onClose,
      // The draft stays as typed; the failure is shown here as well as in the toast.
      onError: (error) => setProblem(failureText(error, 'The settings were not saved. Please try again.')),
    });
  };

  return (
    <div className="space-y-6">
      <section aria-labelledby="calendar-connections" className="space-y-3">
        <h3 id="calendar-connections" className="text-base font-semibold text-slate-900">
          Calendar Connections
        </h3>
        <GoogleCard
          status={status}
          draft={draft}
          onChange={setDraft}
          onOpenGuide={() => setGuideOpen(true)}
        />
        <ComingSoonCard type="outlook" />
        <ComingSoonCard type="teams" />
      </section>

      <section
        aria-labelledby="calendar-subscribe"
        className="space-y-2 rounded-md border border-slate-200 p-4"
      >
        <h3 id="calendar-subscribe" className="font-semibold text-slate-900">
          Subscribe from Outlook, Teams or any calendar app
        </h3>
        <FeedAddress hint="In Outlook choose Add calendar, then Subscribe from web, and paste this address (Apple Calendar: File, New Calendar Subscription; Google Calendar: Other calendars, From URL). Keep it private: anyone with the address can read your schedule." />
      </section>

      <section aria-labelledby="calendar-global" className="space-y-3">
        <h3 id="calendar-global" className="text-base font-semibold text-slate-900">
          Global Sync Settings
        </h3>
        <SelectField
          label="Auto-sync Frequency"
          options={FREQUENCY_OPTIONS}
          value={String(draft.autoSyncFrequency)}
          onChange={(event) => setDraft(withFrequency(draft, event.target.value))}
        />
        <SelectField
          label="Conflict Resolution"
          options={CONFLICT_RESOLUTION_OPTIONS}
          value={draft.conflictResolution}
          onChange={(event) => setDraft(withConflictResolution(draft, event.target.value))}
        />
        <CalendarSettingsDialogSwitch
          label="Notification Preferences"
          hint="Tell me when a sync fails or finds a conflict."
          checked={draft.notifications}
          onChange={(notifications) => setDraft({ ...draft, notifications })}
        />
      </section>

      {problem && (
        // Not an alert of its own: the failure toast announces it; this stays while the draft is corrected.
        <p data-testid="save-problem" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          {problem}
        </p>
      )}

      <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
        <Button variant="outline" disabled={save.isPending} onClick={onClose}>
          Cancel
        </Button>
        <Button disabled={save.isPending} onClick={onSave}>
          {save.isPending ? 'Saving...' : 'Save Settings'}
        </Button>
      </div>

      <CalendarSettingsDialogSetupGuide open={guideOpen} onClose={() => setGuideOpen(false)} />
    </div>
  );
}
