import type { TAuditEntry } from '@app/contracts/api/audit';
import { projectEventSchemas } from '@app/contracts/events/projects';
import { formatDay } from '../../../../lib/format';
import { showing } from '../../../../lib/showing';
import { statusLabel, typeLabel } from '../../labels';

/** One line of the job's history: what happened and, field by field, what it was and became. */
export type HistoryItem = {
  id: string;
  who: string;
  when: string;
  what: string;
  changes: { field: string; from?: string; to: string }[];
};

const money = (value: number | null) => (value === null ? 'None' : `$${value.toLocaleString('en-US')}`);
const text = (value: string | null) => (value === null || value.trim() === '' ? 'None' : value);
const clip = (value: string, length = 120) =>
  value.length > length ? `${value.slice(0, length - 1)}…` : value;

const DETAIL_LABELS = {
  title: 'Title',
  description: 'Description',
  type: 'Type',
  totalAmount: 'Total amount',
  estimatedCost: 'Estimated cost',
  timeline: 'Timeline',
} as const;

const detailValue = (field: keyof typeof DETAIL_LABELS, value: unknown): string => {
  switch (field) {
    case 'type':
      return typeLabel(String(value));
    case 'totalAmount':
    case 'estimatedCost':
      return money(value as number | null);
    case 'title':
    case 'description':
    case 'timeline':
      return clip(text(value as string | null));
    default: {
      const unhandled: never = field;
      return unhandled;
    }
  }
};

/** "ProjectPhotoAdded" → "Project photo added", for an event this screen does not know yet. */
const sentence = (type: string) => {
  const words = type.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

type Described = Pick<HistoryItem, 'what' | 'changes'>;

/** The project's documents' events (GET /api/audit of a project includes them), by their own names. */
const DOCUMENT_EVENTS: Record<string, string> = {
  DocumentFormCreated: 'Form created',
  DocumentFileUploaded: 'Document uploaded',
  DocumentSigned: 'Document signed',
  DocumentViewed: 'Document opened by client',
  DocumentDeleted: 'Document deleted',
  DocumentSuperseded: 'New version',
  DocumentReviewed: 'Upload reviewed',
};

function describeDocument(entry: TAuditEntry, what: string): Described {
  const data = entry.changes as { title?: unknown; filename?: unknown };
  const title = entry.documentTitle ?? (typeof data.title === 'string' ? data.title : null);
  const changes: HistoryItem['changes'] = [];
  if (title)
    changes.push({ field: entry.type === 'DocumentFormCreated' ? 'Form' : 'Document', to: clip(title) });
  if (entry.type === 'DocumentFileUploaded' && typeof data.filename === 'string')
    changes.push({ field: 'File', to: clip(data.filename) });
  return { what, changes };
}

function describe(entry: TAuditEntry): Described {
  const { type, changes: data } = entry;
  const documentEvent = DOCUMENT_EVENTS[type];
  if (documentEvent) return describeDocument(entry, documentEvent);
  const schema = projectEventSchemas.find((candidate) => candidate.shape.type.value === type);
  const parsed = schema?.safeParse({ type, data });
  if (!parsed?.success) return { what: sentence(type), changes: [] };
  const event = parsed.data;
  switch (event.type) {
    case 'ProjectCreated':
      return {
        what: 'Created the project',
        changes: [
          { field: 'Title', to: event.data.title },
          { field: 'Status', to: statusLabel(event.data.status) },
        ],
      };
    case 'ProjectDetailsChanged':
      return {
        what: 'Changed the details',
        changes: Object.entries(event.data.changes).map(([field, change]) => {
          const key = field as keyof typeof DETAIL_LABELS;
          return {
            field: DETAIL_LABELS[key],
            from: detailValue(key, change.from),
            to: detailValue(key, change.to),
          };
        }),
      };
    case 'ProjectStatusChanged':
      return {
        what: 'Changed the status',
        changes: [{ field: 'Status', from: statusLabel(event.data.from), to: statusLabel(event.data.to) }],
      };
    case 'ProjectScheduled': {
      const { from, to } = event.data;
      const changes = [];
      if (from.jobStartDate !== to.jobStartDate)
        changes.push({
          field: 'Start date',
          from: formatDay(from.jobStartDate),
          to: formatDay(to.jobStartDate),
        });
      if (from.jobEndDate !== to.jobEndDate)
        changes.push({ field: 'End date', from: formatDay(from.jobEndDate), to: formatDay(to.jobEndDate) });
      return { what: 'Scheduled the job', changes };
    }
    case 'ProjectUnscheduled': {
      const { jobStartDate, jobEndDate } = event.data.from;
      const changes = [];
      if (jobStartDate) changes.push({ field: 'Start date', from: formatDay(jobStartDate), to: 'Not set' });
      if (jobEndDate) changes.push({ field: 'End date', from: formatDay(jobEndDate), to: 'Not set' });
      return { what: 'Cleared the job dates', changes };
    }
    case 'ProjectProgressChanged':
      return {
        what: 'Changed the progress',
        changes: [{ field: 'Progress', from: `${event.data.from}%`, to: `${event.data.to}%` }],
      };
    case 'ProjectNotesChanged':
      return {
        what: 'Changed the notes',
        changes: [{ field: 'Notes', from: clip(text(event.data.from)), to: clip(text(event.data.to)) }],
      };
    case 'ProjectPhotoAdded':
      return { what: 'Added a photo', changes: [{ field: 'Photo', to: event.data.name }] };
    case 'ProjectPhotoRemoved':
      return { what: 'Removed a photo', changes: [{ field: 'Photo', to: event.data.name }] };
    case 'ProjectDeleted':
      return { what: 'Deleted the project', changes: [] };
    default: {
      const unhandled: never = event;
      return unhandled;
    }
  }
}

/** Who did it: the name the trail kept, else the role (the system acts without a name). */
const whoOf = (entry: TAuditEntry) =>
  entry.actorName?.trim() || (entry.actorRole === 'system' ? 'System' : `Unknown ${entry.actorRole}`);

/**
 * The audit trail of project-{id} (the project's and its documents' events) as history lines, newest first
 * whatever order they came in: by time, then by revision within one stream.
 */
export function projectHistory(entries: readonly TAuditEntry[]): HistoryItem[] {
  return [...entries]
    .sort(
      (a, b) =>
        b.occurredAt.localeCompare(a.occurredAt) ||
        a.stream.localeCompare(b.stream) ||
        b.revision - a.revision,
    )
    .map((entry) => ({
      id: entry.eventId,
      who: whoOf(entry),
      when: entry.occurredAt,
      ...describe(entry),
    }));
}

/** Under the loaded entries: how many of the trail's are shown. */
export const showingText = showing('change', 'changes');
