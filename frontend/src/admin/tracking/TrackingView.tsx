export function TrackingView() {
  return null;
}
