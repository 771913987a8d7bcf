export function SettingsView() {
  return null;
}
