import { fileAddress } from '@app/contracts/api/files';
import { eventTypesOf } from '@app/contracts/events/domain';
import { projectEventSchemas, type TProjectEvent } from '@app/contracts/events/projects';
import { documentProjection } from '../runtime/document-projection.ts';
import type { ProjectsTable } from './table.ts';

type Row = Omit<ProjectsTable, 'last_event_position' | 'version'>;

/** What a search of projects looks through besides the client's name, of the table aliased `alias` (indexed). */
export const projectSearchText = (alias = '') => `${alias}title || ' ' || ${alias}description`;

/**
 * Projects (jobs): the admin's tracking list and job page, and each client's portal list.
 * A deleted project's row is removed, so every list and count drops it at once.
 */
export const projectsProjection = documentProjection<Row>({
  name: 'projects',
  // 2: each row keeps its project's version (streamVersion). 3: paged lists (search text, counters, indexes).
  // 4: a client's projects by status (the client's dashboard).
  version: 4,
  streamVersion: true,
  syncType: 'project',
  table: 'projects',
  ddl: (s) => `
    CREATE TABLE ${s}.projects (
      id integer PRIMARY KEY,
      client_id integer NOT NULL,
      client_name text NOT NULL,
      title text NOT NULL,
      description text NOT NULL,
      type text NOT NULL,
      status text NOT NULL,
      total_amount numeric,
      estimated_cost numeric,
      timeline text,
      job_start_date date,
      job_end_date date,
      progress integer NOT NULL,
      notes text NOT NULL,
      photos jsonb NOT NULL,
      created_at timestamptz NOT NULL,
      updated_at timestamptz NOT NULL,
      version integer NOT NULL,
      last_event_position numeric NOT NULL
    );
    CREATE INDEX ON ${s}.projects (updated_at DESC, id DESC);
    CREATE INDEX ON ${s}.projects (client_id, updated_at DESC, id DESC);
    CREATE INDEX ON ${s}.projects (status, updated_at DESC, id DESC);
    CREATE INDEX ON ${s}.projects (type, updated_at DESC, id DESC);
    CREATE INDEX ON ${s}.projects USING gin ((${projectSearchText()}) gin_trgm_ops);`,
  counts: {
    keysOf: (r) => [
      '',
      `status:${r.status}`,
      `type:${r.type}`,
      `client:${r.client_id}`,
      `client:${r.client_id}:status:${r.status}`,
    ],
  },
  eventTypes: eventTypesOf(projectEventSchemas),
  idOf: (e) => (e.data as { projectId: number }).projectId,
  evolve(row, stored) {
    const event = stored as unknown as TProjectEvent;
    const at = stored.metadata.occurredAt;
    if (event.type === 'ProjectCreated') {
      const d = event.data;
      return {
        id: d.projectId,
        client_id: d.clientId,
        client_name: d.clientName,
        title: d.title,
        description: d.description,
        type: d.type,
        status: d.status,
        total_amount: d.totalAmount,
        estimated_cost: d.estimatedCost,
        timeline: d.timeline,
        job_start_date: d.jobStartDate,
        job_end_date: d.jobEndDate,
        progress: d.progress,
        notes: d.notes,
        photos: [],
        created_at: at,
        updated_at: at,
      };
    }
    if (!row) return undefined;
    switch (event.type) {
      case 'ProjectDetailsChanged': {
        const next = { ...row, updated_at: at };
        const { changes } = event.data;
        if (changes.title) next.title = changes.title.to;
        if (changes.description) next.description = changes.description.to;
        if (changes.type) next.type = changes.type.to;
        if (changes.totalAmount) next.total_amount = changes.totalAmount.to;
        if (changes.estimatedCost) next.estimated_cost = changes.estimatedCost.to;
        if (changes.timeline) next.timeline = changes.timeline.to;
        return next;
      }
      case 'ProjectStatusChanged':
        return { ...row, status: event.data.to, updated_at: at };
      case 'ProjectScheduled':
        return {
          ...row,
          job_start_date: event.data.to.jobStartDate,
          job_end_date: event.data.to.jobEndDate,
          updated_at: at,
        };
      case 'ProjectUnscheduled':
        return { ...row, job_start_date: null, job_end_date: null, updated_at: at };
      case 'ProjectProgressChanged':
        return { ...row, progress: event.data.to, updated_at: at };
      case 'ProjectNotesChanged':
        return { ...row, notes: event.data.to, updated_at: at };
      case 'ProjectPhotoAdded': {
        const { file, thumbnail, name } = event.data;
        // The view keeps the addresses the API serves them at (unsigned: the reads sign them).
        const photo = {
          url: fileAddress('photos', file),
          thumbnailUrl: fileAddress('thumbnails', thumbnail),
          name,
          uploadedAt: at,
        };
        return { ...row, photos: [...row.photos, photo], updated_at: at };
      }
      case 'ProjectPhotoRemoved': {
        const url = fileAddress('photos', event.data.file);
        return { ...row, photos: row.photos.filter((p) => p.url !== url), updated_at: at };
      }
      case 'ProjectDeleted':
        return null;
      default: {
        const unhandled: never = event;
        return unhandled;
      }
    }
  },
});
