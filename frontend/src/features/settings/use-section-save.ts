import type { TSettingsRead, TSettingsUpdate } from '@app/contracts/api/settings';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useEditCopy } from '../../lib/edit-copy';
import { staleMessage } from '../../lib/stale-copy';
import { errorToast } from '../../ui/toast-store';
import { useSaveSettings } from './save-settings';
import { sectionErrors, sectionProblem } from './section-problem';
import { settingsQuery } from './settings-query';

/** Each section's fields as a stale-copy notice names them ("the wire cost per foot and labor hourly rate"). */
const FIELD_WORDS: Record<TSettingsUpdate['section'], Record<string, string>> = {
  company: { name: 'company name', email: 'email', phone: 'phone', address: 'address', logo: 'logo' },
  pricing: {
    wiredCameraPrice: 'wired camera price',
    wirelessCameraPrice: 'wireless camera price',
    wireCostPerFoot: 'wire cost per foot',
    starlinkInstallPrice: 'Starlink installation price',
    laborHourlyRate: 'labor hourly rate',
    additionalServicePrice: 'additional service price',
    propertyTypeMultipliers: 'property type multipliers',
    customServices: 'additional services',
  },
  admin: { name: 'admin name', email: 'admin email' },
};

/**
 * A settings section's form, filled from the settings as read (`useEditCopy`: the save sends their version as
 * If-Match), saved after the browser's own check; a refused or failed save leaves the form as typed, with each
 * refused field's message in `errors` (by its path in the section) until that field is edited. A stale copy
 * gives `staleText` and `reload`, which fills the form from the settings as stored, keeping what was typed.
 */
export function useSectionSave<D extends object>(
  section: TSettingsUpdate['section'],
  settings: TSettingsRead,
  draftOf: (settings: TSettingsRead) => D,
) {
  const queryClient = useQueryClient();
  const copy = useEditCopy(settings, draftOf);
  const save = useSaveSettings();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (update: TSettingsUpdate, onSaved?: (settings: TSettingsRead) => void) => {
    const problem = sectionProblem(update);
    setErrors(sectionErrors(update));
    if (problem) return errorToast('Failed to update settings', problem);
    save.mutate(
      { update, version: copy.base.version },
      {
        onSuccess: (saved) => {
          copy.saved(saved);
          onSaved?.(saved);
        },
        onError: copy.failed,
      },
    );
  };
  const edited = (field: string) => setErrors(({ [field]: _fixed, ...others }) => others);
  const reload = async () =>
    copy.reloadFrom(await queryClient.fetchQuery({ ...settingsQuery, staleTime: 0 }));
  const staleText =
    copy.stale &&
    staleMessage({ whole: 'these settings', part: 'the' }, copy.stale.changed, FIELD_WORDS[section]);
  return {
    draft: copy.draft,
    setDraft: copy.setDraft,
    submit,
    saving: save.isPending,
    errors,
    edited,
    staleText,
    reload,
  };
}
