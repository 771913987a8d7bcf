import { utcToLocal } from '@app/contracts/calendar/time-zone';
import type { Person } from '../auth/person.ts';
import { ConcurrencyError } from '../eventstore/port.ts';
import { type Actor, toNewEvents } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { documentViewStream, recordView } from './decide.ts';

/**
 * Records that `person` opened document `documentId`, once per viewer and Alaska day. A read never appends
 * to the record it reads: the view goes to a stream of its own, created by the day's first open (`no_stream`);
 * a later open that day finds it there and records nothing. Nobody waits for the read models: the view changes
 * no screen the opener sees.
 */
export async function noteDocumentView(
  deps: Pick<AppDeps, 'store'>,
  actor: Actor,
  person: Person,
  documentId: number,
  at = new Date(),
) {
  const events = recordView({ documentId, actor: person, at: at.toISOString() });
  if (events.length === 0) return;
  const stream = documentViewStream(documentId, person.userId, utcToLocal(at).date);
  try {
    await deps.store.append(stream, toNewEvents(events, actor, at), 'no_stream');
  } catch (err) {
    if (!(err instanceof ConcurrencyError)) throw err;
  }
}
