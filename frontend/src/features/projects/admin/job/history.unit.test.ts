import type { TAuditEntry } from '@app/contracts/api/audit';
import { describe, expect, it } from 'vitest';
import { projectHistory } from './history';

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
});
