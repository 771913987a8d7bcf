import type { Found } from './found.ts';
import type { CommandRecord } from './ledger.ts';

/** How many records of the command's kind exist afterwards under its key (0: not found). */
export function storedCount(r: CommandRecord, f: Found) {
  switch (r.kind) {
    case 'consultation':
      return f.consultations.get(r.key) ?? 0;
    case 'client':
      return f.clients.get(r.key) ?? 0;
    case 'portal-client':
      // The client and its sign-in account: both or it is not all there.
      return Math.min(f.clients.get(r.key) ?? 0, f.users.get(r.key) ?? 0);
    case 'project':
      return f.projects.get(r.key) ?? 0;
    case 'status-change':
      return f.statusChanges.get(r.key) ?? 0;
  }
}

export const tally = <T>(items: T[], keyOf: (t: T) => string) => {
  const m = new Map<string, T[]>();
  for (const item of items) m.set(keyOf(item), [...(m.get(keyOf(item)) ?? []), item]);
  return m;
};

/** Lost and duplicated commands, with a few examples of each for the report. */
export function integrity(records: CommandRecord[], f: Found) {
  const lost: string[] = [];
  const duplicated: string[] = [];
  const storedUnacknowledged: string[] = [];
  // Status changes are counted per project and target status: the trail must hold at least as many as were
  // acknowledged, and no more than were sent.
  for (const [key, group] of tally(records, (r) => `${r.kind} ${r.key}`)) {
    const stored = storedCount(group[0]!, f);
    const acknowledged = group.filter((r) => r.outcome === 'acknowledged').length;
    const retried = group.some((r) => r.failures.length > 0) ? ' (after a retry)' : '';
    if (stored < acknowledged) lost.push(`${key}: ${acknowledged} acknowledged, ${stored} found`);
    if (stored > group.length) duplicated.push(`${key}: ${group.length} sent, ${stored} found${retried}`);
    if (acknowledged === 0 && stored > 0) storedUnacknowledged.push(`${key}: ${group[0]!.outcome}, found`);
  }
  // Each project ends in the status of the last change sent to it, when that change was acknowledged.
  const byProject = tally(
    records.filter((r) => r.kind === 'status-change'),
    (r) => String(r.projectId),
  );
  for (const [projectId, changes] of byProject) {
    const last = changes.at(-1)!;
    const now = f.projectStatus.get(Number(projectId));
    if (last.outcome === 'acknowledged' && now !== last.status)
      lost.push(`project ${projectId}: last acknowledged status ${last.status}, read model says ${now}`);
  }
  // The id a command was answered with names the record it made.
  const wrongIds = records
    .filter((r) => r.outcome === 'acknowledged' && r.id !== undefined && f.ids.has(r.key))
    .filter((r) => !f.ids.get(r.key)!.includes(r.id!))
    .map((r) => `${r.kind} ${r.key}: answered id ${r.id}, stored as ${f.ids.get(r.key)!.join(', ')}`);
  return { lost, duplicated, storedUnacknowledged, wrongIds };
}
