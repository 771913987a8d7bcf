import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/app.ts';
import { clientWithProject } from '../../test/clients.ts';
import { eventually } from '../../test/eventually.ts';
import { PostgresEventStore } from '../eventstore/postgres.ts';
import { projectStream } from './decide.ts';

/**
 * A photo event stored under version 1 (addresses) before version 2 (stored file names): read through the
 * upcaster by the project aggregate and by the projects view alike.
 */
describe('a version-1 photo event in a project’s history', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  it('shows in the project and is removed through the aggregate as a version-2 event', async () => {
    const id = (
      await clientWithProject(
        t,
        { name: 'History Client', email: 'history@example.com' },
        { title: 'Old photos' },
      )
    ).projectId;
    const stream = projectStream(id);
    const file = `${'c'.repeat(64)}.jpg`;
    // Written as the earlier version wrote it: raw store (no schema check), no schemaVersion in metadata.
    const raw = new PostgresEventStore(t.deps.pool);
    const history = await raw.readStream(stream);
    await raw.append(
      stream,
      [
        {
          id: randomUUID(),
          type: 'ProjectPhotoAdded',
          data: {
            projectId: id,
            url: `/api/files/photos/${file}`,
            thumbnailUrl: `/api/files/thumbnails/${file}`,
            name: 'roof.jpg',
          },
          metadata: { ...history[0]!.metadata, schemaVersion: undefined },
        },
      ],
      history.at(-1)!.revision,
    );

    // The projection read it through the upcaster: the photo shows at its address.
    const shown = await eventually('the old photo shows', async () => {
      const res = await t.call('GET', `/api/projects/${id}`, undefined, t.adminToken);
      return res.body.photos.length === 1 ? res.body.photos[0] : null;
    });
    expect(shown.name).toBe('roof.jpg');
    expect(shown.url.split('?')[0]).toBe(`/api/files/photos/${file}`);

    // The aggregate read it through the upcaster too: keeping no photo removes it, as a version-2 event.
    const removed = await t.call('PATCH', `/api/projects/${id}`, { photos: [] }, t.adminToken);
    expect(removed.status).toBe(200);
    expect(removed.body.photos).toEqual([]);
    const last = (await raw.readStream(stream)).at(-1)!;
    expect(last.type).toBe('ProjectPhotoRemoved');
    expect(last.metadata.schemaVersion).toBe(2);
    expect(last.data).toEqual({ projectId: id, file, thumbnail: file, name: 'roof.jpg' });
  });
});
