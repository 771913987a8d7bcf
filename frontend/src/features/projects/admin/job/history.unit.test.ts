import type { TAuditEntry } from '@app/contracts/api/audit';
import { describe, expect, it } from 'vitest';
import { projectHistory, showingText } from './history';

let revision = 0;
const entry = (type: string, changes: Record<string, unknown>, overrides: Partial<TAuditEntry> = {}) => ({
  eventId: `e-${++revision}`,
  stream: 'project-7',
  revision,
  type,
  occurredAt: '2030-01-01T10:00:00.000Z',
  actorId: 1,
  actorRole: 'admin',
  actorName: 'Admin',
  clientIp: null,
  changes,
  ...overrides,
});

describe('projectHistory', () => {
  it('lists the newest change first, with who and when', () => {
    const created = entry('ProjectCreated', {
      projectId: 7,
      clientId: 3,
      clientName: 'Kenai Lodge',
      title: 'Lodge cameras',
      description: '',
      type: 'security_cameras',
      status: 'pending',
      totalAmount: null,
      estimatedCost: null,
      timeline: null,
      jobStartDate: null,
      jobEndDate: null,
      progress: 0,
      notes: '',
    });
    const started = entry(
      'ProjectStatusChanged',
      { projectId: 7, from: 'pending', to: 'in_progress' },
      { occurredAt: '2030-01-02T10:00:00.000Z' },
    );
    const [first, second] = projectHistory([created, started]);
    expect(first).toEqual({
      id: started.eventId,
      who: 'Admin',
      when: '2030-01-02T10:00:00.000Z',
      what: 'Changed the status',
      changes: [{ field: 'Status', from: 'Pending', to: 'In Progress' }],
    });
    expect(second).toMatchObject({
      what: 'Created the project',
      changes: [
        { field: 'Title', to: 'Lodge cameras' },
        { field: 'Status', to: 'Pending' },
      ],
    });
  });

  it('names each changed detail with its old and new value', () => {
    const [item] = projectHistory([
      entry('ProjectDetailsChanged', {
        projectId: 7,
        changes: {
          title: { from: 'Lodge cameras', to: 'Lodge cameras and Starlink' },
          type: { from: 'security_cameras', to: 'starlink' },
          totalAmount: { from: null, to: 4200 },
        },
      }),
    ]);
    expect(item!.changes).toEqual([
      { field: 'Title', from: 'Lodge cameras', to: 'Lodge cameras and Starlink' },
      { field: 'Type', from: 'Security Cameras', to: 'Starlink' },
      { field: 'Total amount', from: 'None', to: '$4,200' },
    ]);
  });

  it('shows only the dates that moved, and cleared dates as Not set', () => {
    const [cleared, scheduled] = projectHistory([
      entry('ProjectScheduled', {
        projectId: 7,
        from: { jobStartDate: null, jobEndDate: '2030-03-05' },
        to: { jobStartDate: '2030-03-01', jobEndDate: '2030-03-05' },
      }),
      entry('ProjectUnscheduled', { projectId: 7, from: { jobStartDate: '2030-03-01', jobEndDate: null } }),
    ]);
    expect(scheduled!.changes).toEqual([{ field: 'Start date', from: 'Not set', to: 'Mar 1, 2030' }]);
    expect(cleared!.changes).toEqual([{ field: 'Start date', from: 'Mar 1, 2030', to: 'Not set' }]);
  });

  it('describes progress, notes and photos', () => {
    const items = projectHistory([
      entry('ProjectProgressChanged', { projectId: 7, from: 10, to: 40 }),
      entry('ProjectNotesChanged', { projectId: 7, from: '', to: 'Bring the long ladder.' }),
      entry('ProjectPhotoAdded', {
        projectId: 7,
        file: 'a.jpg',
        thumbnail: 'a-t.jpg',
        name: 'roof.png',
      }),
    ]);
    expect(items.map((item) => [item.what, item.changes])).toEqual([
      ['Added a photo', [{ field: 'Photo', to: 'roof.png' }]],
      ['Changed the notes', [{ field: 'Notes', from: 'None', to: 'Bring the long ladder.' }]],
      ['Changed the progress', [{ field: 'Progress', from: '10%', to: '40%' }]],
    ]);
  });

  it('reads an unknown event as a sentence, and an actor without a name by role', () => {
    const [item] = projectHistory([
      entry('ProjectInvoiceSent', { projectId: 7 }, { actorName: null, actorId: null, actorRole: 'system' }),
    ]);
    expect(item).toMatchObject({ who: 'System', what: 'Project invoice sent', changes: [] });
  });

  it("names the project's documents' events, with the document's title, in time order across streams", () => {
    const doc = (type: string, changes: Record<string, unknown>, at: string, revision: number) =>
      entry(type, changes, {
        stream: 'document-40',
        revision,
        occurredAt: at,
        documentTitle: 'Service Agreement',
        actorName: 'Kenai Lodge',
      });
    const items = projectHistory([
      doc(
        'DocumentFormCreated',
        { documentId: 40, title: 'Service Agreement' },
        '2030-01-03T10:00:00.000Z',
        0,
      ),
      doc('DocumentViewed', { documentId: 40 }, '2030-01-03T11:00:00.000Z', 1),
      doc('DocumentSigned', { documentId: 40 }, '2030-01-03T12:00:00.000Z', 2),
      doc('DocumentSuperseded', { documentId: 40, supersededBy: 41 }, '2030-01-04T10:00:00.000Z', 3),
      doc('DocumentDeleted', { documentId: 40, title: 'Service Agreement' }, '2030-01-05T10:00:00.000Z', 4),
      entry(
        'DocumentFileUploaded',
        { documentId: 42, title: 'Site plan', filename: 'plan.pdf' },
        {
          stream: 'document-42',
          revision: 0,
          occurredAt: '2030-01-02T10:00:00.000Z',
          documentTitle: 'Site plan',
        },
      ),
      entry(
        'ProjectProgressChanged',
        { projectId: 7, from: 10, to: 40 },
        { occurredAt: '2030-01-01T10:00:00.000Z' },
      ),
    ]);
    expect(items.map((item) => [item.what, item.changes])).toEqual([
      ['Document deleted', [{ field: 'Document', to: 'Service Agreement' }]],
      ['New version', [{ field: 'Document', to: 'Service Agreement' }]],
      ['Document signed', [{ field: 'Document', to: 'Service Agreement' }]],
      ['Document opened by client', [{ field: 'Document', to: 'Service Agreement' }]],
      ['Form created', [{ field: 'Form', to: 'Service Agreement' }]],
      [
        'Document uploaded',
        [
          { field: 'Document', to: 'Site plan' },
          { field: 'File', to: 'plan.pdf' },
        ],
      ],
      ['Changed the progress', [{ field: 'Progress', from: '10%', to: '40%' }]],
    ]);
    expect(items[0]!.who).toBe('Kenai Lodge');
  });

  it('puts pages together newest first, an older page after the first', () => {
    const at = (day: number) => `2030-02-${String(day).padStart(2, '0')}T10:00:00.000Z`;
    const progress = (to: number, day: number) =>
      entry('ProjectProgressChanged', { projectId: 7, from: to - 1, to }, { occurredAt: at(day) });
    const firstPage = [progress(30, 3), progress(20, 2)];
    const olderPage = [progress(10, 1)];
    const items = projectHistory([...firstPage, ...olderPage]);
    expect(items.map((item) => item.changes[0]!.to)).toEqual(['30%', '20%', '10%']);
  });

  it('says how many of the trail are shown', () => {
    expect(showingText(20, 57)).toBe('Showing 20 of 57 changes');
    expect(showingText(1, 1)).toBe('Showing 1 of 1 change');
  });
});
