export function ConsultationsView() {
  return null;
}
