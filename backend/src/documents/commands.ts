import type { TDocumentEvent } from '@app/contracts/events/documents';
import {
  type Actor,
  type CommandOutcome,
  commitChange,
  decideAgainOnConflict,
  load,
  runCommand,
  writeFor,
} from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { notFound } from '../platform/errors.ts';
import { type DocumentState, documentDecider, documentStream, supersedeDocument } from './decide.ts';

type Deps = Pick<AppDeps, 'store' | 'aggregates' | 'waitForProjections'>;

/** The document a new version replaces, as its own stream has it: its project, or 404 when it is not there. */
export async function replacedDocument(deps: Pick<AppDeps, 'store'>, id: number) {
  const { state } = await load(deps.store, documentStream(id), documentDecider);
  if (state.lifecycle !== 'active') throw notFound(`Document ${id} (the one this replaces) was not found.`);
  return state;
}

/**
 * Makes document `documentId` (`decide` on its empty stream). With `replaces`, the new document and the old
 * one's `DocumentSuperseded` are one change: both appended or neither, and a concurrent change of the old
 * document meanwhile is decided again on its stored stream: another new version made first refuses this one (409,
 * already replaced), so there are never two current versions.
 * `beforeAppend` runs once both are decided (keeping an uploaded file), as `runCommand`'s does.
 */
export async function createDocument(
  deps: Deps,
  actor: Actor,
  command: {
    documentId: number;
    replaces: number | null;
    decide: (state: DocumentState) => TDocumentEvent[];
    beforeAppend?: () => Promise<void>;
  },
): Promise<CommandOutcome> {
  const { documentId, replaces, decide, beforeAppend } = command;
  const stream = documentStream(documentId);
  if (replaces === null)
    return runCommand(deps, stream, documentDecider, actor, decide, beforeAppend ? { beforeAppend } : {});
  return decideAgainOnConflict(deps, async () => {
    const created = writeFor(stream, await load(deps.store, stream, documentDecider), actor, decide);
    const projectId = created ? (created.events[0]!.data as { projectId: number | null }).projectId : null;
    const oldStream = documentStream(replaces);
    const superseded = writeFor(oldStream, await load(deps.store, oldStream, documentDecider), actor, (s) =>
      supersedeDocument(s, { newDocumentId: documentId, projectId }),
    );
    if (!created) return commitChange(deps, []);
    await beforeAppend?.();
    return commitChange(deps, [created, superseded]);
  });
}
