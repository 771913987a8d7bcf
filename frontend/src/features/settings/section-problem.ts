import { type TSettingsUpdate, ZSettingsUpdate } from '@app/contracts/api/settings';

/** The first thing the server would refuse in a section, with the contract's own message; null when fine. */
export function sectionProblem(update: TSettingsUpdate): string | null {
  const parsed = ZSettingsUpdate.safeParse(update);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please check the form.');
}

/**
 * Each refused field of a section with its message, keyed by its path inside the section's data
 * (`email`, `laborHourlyRate`, `customServices.0.name`), for marking the field.
 */
export function sectionErrors(update: TSettingsUpdate): Record<string, string> {
  const parsed = ZSettingsUpdate.safeParse(update);
  const errors: Record<string, string> = {};
  if (parsed.success) return errors;
  for (const issue of parsed.error.issues) errors[issue.path.slice(1).join('.')] ??= issue.message;
  return errors;
}
