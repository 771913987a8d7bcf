import type { TMessage } from '@app/contracts/api/messages';

/**
 * Where the messaging routes hand a message they have just stored to the live hub of the same app (one hub per
 * app, found by the app's deps), so its NEW_MESSAGE leaves before the read models have it. Without a hub (a
 * process that serves no sockets) nothing happens; the projection's notice is the safety net either way.
 */
const hubs = new WeakMap<object, (message: TMessage) => void>();

/** Tells the hub of `deps`'s app about a message just stored; never throws, never waits. */
export function pushNewMessage(deps: object, message: TMessage) {
  try {
    hubs.get(deps)?.(message);
  } catch {
    // The notice path delivers it.
  }
}

/** The hub of `deps`'s app takes the messages pushed from now on; answers the undo. */
export function receiveNewMessages(deps: object, push: (message: TMessage) => void) {
  hubs.set(deps, push);
  return () => {
    if (hubs.get(deps) === push) hubs.delete(deps);
  };
}
