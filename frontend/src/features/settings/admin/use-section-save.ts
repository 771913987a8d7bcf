import type { TSettings, TSettingsUpdate } from '@app/contracts/api/settings';
import { errorToast } from '../../../ui/toast-store';
import { useSaveSettings } from './save-settings';
import { sectionProblem } from './section-problem';

/** Saves a section after the browser's own check; a refused or failed save leaves the form as typed. */
export function useSectionSave() {
  const save = useSaveSettings();
  const submit = (update: TSettingsUpdate, onSaved?: (settings: TSettings) => void) => {
    const problem = sectionProblem(update);
    if (problem) return errorToast('Failed to update settings', problem);
    save.mutate(update, { onSuccess: onSaved });
  };
  return { submit, saving: save.isPending };
}
