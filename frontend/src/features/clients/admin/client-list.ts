import type { TClient } from '@app/contracts/api/clients';
import { PROJECT_TYPE_LABELS, type TProject, type TProjectType } from '@app/contracts/api/projects';

export type SortOrder = 'az' | 'za';
export const SORT_OPTIONS: { value: SortOrder; label: string }[] = [
  { value: 'az', label: 'Name A-Z' },
  { value: 'za', label: 'Name Z-A' },
];

const digits = (text: string) => text.replace(/\D/g, '');
/** A query typed like a phone number ("907 555", "(907)555-01") is also compared digit by digit. */
const PHONE_LIKE = /^[\d\s()+.-]+$/;
const MIN_PHONE_DIGITS = 3;

/** Every spelling a project type may be searched by: the value, with spaces, and its label. */
const typeWords = (type: TProjectType) => [type, type.replace(/_/g, ' '), PROJECT_TYPE_LABELS[type]];

export function matchesSearch(
  client: TClient,
  projectTypes: readonly TProjectType[],
  query: string,
): boolean {
  const wanted = query.trim().toLowerCase();
  if (!wanted) return true;
  const texts = [client.name, client.email, client.phone ?? '', ...projectTypes.flatMap(typeWords)];
  if (texts.some((text) => text.toLowerCase().includes(wanted))) return true;
  const wantedDigits = digits(wanted);
  return (
    PHONE_LIKE.test(wanted) &&
    wantedDigits.length >= MIN_PHONE_DIGITS &&
    client.phone !== null &&
    digits(client.phone).includes(wantedDigits)
  );
}

export function projectTypesByClient(projects: readonly TProject[]): Map<number, TProjectType[]> {
  const types = new Map<number, TProjectType[]>();
  for (const project of projects) {
    const list = types.get(project.clientId) ?? [];
    if (!list.includes(project.type)) list.push(project.type);
    types.set(project.clientId, list);
  }
  return types;
}

const byName = (a: TClient, b: TClient) =>
  a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }) || a.id - b.id;

/** The clients to list: those matching the search (by their projects' types too), sorted by name. */
export function visibleClients(
  clients: readonly TClient[],
  projects: readonly TProject[],
  query: string,
  order: SortOrder,
): TClient[] {
  const types = projectTypesByClient(projects);
  const shown = clients.filter((client) => matchesSearch(client, types.get(client.id) ?? [], query));
  shown.sort(byName);
  return order === 'az' ? shown : shown.reverse();
}

export const projectsOf = (projects: readonly TProject[], clientId: number) =>
  projects.filter((project) => project.clientId === clientId);
