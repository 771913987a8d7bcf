export function ContentView() {
  return null;
}
