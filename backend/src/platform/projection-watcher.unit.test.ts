import type { START } from '@app/contracts/events/envelope';
import { projections } from '@app/projections/registry';
import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { ProjectionWatcher, viewsActingOn } from './projection-watcher.ts';

describe('which views a command waits for', () => {
  const acting = viewsActingOn(projections);

  it('the views that act on what was appended, and those that act on everything', () => {
    const views = acting(['UserRoleChanged']);
    expect(views).toContain('users');
    expect(views).toContain('audit');
    expect(views).not.toContain('documents');
    expect(views).not.toContain('payments');
  });

  it('the union over several event types', () => {
    const views = acting(['InvoiceIssued', 'ProjectCreated']);
    expect(views).toEqual(expect.arrayContaining(['payments', 'projects', 'audit']));
    expect(views).not.toContain('messages');
  });

  it('a view behind on its own events does not hold up a change it does not show', async () => {
    const watcher = new ProjectionWatcher({} as pg.Pool, {} as never, ['users', 'documents']);
    // What notices and polls do: the users view passes the append, the documents view stays behind.
    const advance = (name: string, prepare: bigint) =>
      (watcher as unknown as { advance(n: string, p: typeof START, polled: boolean): void }).advance(
        name,
        { commit: 10n, prepare },
        false,
      );
    advance('documents', 1n);
    const target = { commit: 10n, prepare: 5n };
    const onlyUsers = watcher.waitFor(target, 1000, ['users']);
    const every = watcher.waitFor(target, 50);
    advance('users', 5n);
    expect(await onlyUsers).toBe(true);
    expect(await every).toBe(false);
  });
});
