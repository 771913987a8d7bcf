import type { TSettings, TSettingsUpdate } from '@app/contracts/api/settings';
import { useState } from 'react';
import { errorToast } from '../../ui/toast-store';
import { useSaveSettings } from './save-settings';
import { sectionErrors, sectionProblem } from './section-problem';

/**
 * Saves a section after the browser's own check; a refused or failed save leaves the form as typed, with
 * each refused field's message in `errors` (by its path in the section) until that field is edited.
 */
export function useSectionSave() {
  const save = useSaveSettings();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const submit = (update: TSettingsUpdate, onSaved?: (settings: TSettings) => void) => {
    const problem = sectionProblem(update);
    setErrors(sectionErrors(update));
    if (problem) return errorToast('Failed to update settings', problem);
    save.mutate(update, { onSuccess: onSaved });
  };
  const edited = (field: string) => setErrors(({ [field]: _fixed, ...others }) => others);
  return { submit, saving: save.isPending, errors, edited };
}
