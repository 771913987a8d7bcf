import { type TSettingsUpdate, ZSettingsUpdate } from '@app/contracts/api/settings';

/** The first thing the server would refuse in a section, with the contract's own message; null when fine. */
export function sectionProblem(update: TSettingsUpdate): string | null {
  const parsed = ZSettingsUpdate.safeParse(update);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Please check the form.');
}
