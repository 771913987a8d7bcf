export function UsersView() {
  return null;
}
