/**
 * Typing, both ways (spec part 2, section 4 "Messaging"): TYPING_START on the first keystroke, TYPING_STOP
 * after 1 s without one or when the message is sent; and who is typing where, from the frames received.
 */
export const TYPING_IDLE_MS = 1000;
/** A TYPING_STOP can be lost with a dropped socket: someone shown typing is forgotten after this long. */
export const TYPING_FORGET_MS = 6000;

type Timers = {
  set: (run: () => void, ms: number) => unknown;
  clear: (handle: unknown) => void;
};
const realTimers: Timers = {
  set: (run, ms) => setTimeout(run, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export type TypingFrame = { type: 'TYPING_START' | 'TYPING_STOP'; conversationId: string };

/** The sending side: call `keystroke` on each change of the input, `stop` on send or when leaving. */
export function typingSender(send: (frame: TypingFrame) => void, timers: Timers = realTimers) {
  let typingIn: string | null = null;
  let idle: unknown;
  const stop = () => {
    timers.clear(idle);
    idle = undefined;
    if (typingIn === null) return;
    send({ type: 'TYPING_STOP', conversationId: typingIn });
    typingIn = null;
  };
  const keystroke = (conversationId: string) => {
    if (typingIn !== conversationId) {
      stop();
      typingIn = conversationId;
      send({ type: 'TYPING_START', conversationId });
    }
    timers.clear(idle);
    idle = timers.set(stop, TYPING_IDLE_MS);
  };
  return { keystroke, stop };
}

/** Who is typing in which conversation (user ids), never myself. */
export type TypingState = Readonly<Record<string, readonly number[]>>;

export function typingChanged(
  state: TypingState,
  frame: { type: 'TYPING_START' | 'TYPING_STOP'; conversationId: string; userId: number },
  me: number,
): TypingState {
  if (frame.userId === me) return state;
  const now = state[frame.conversationId] ?? [];
  const has = now.includes(frame.userId);
  if (frame.type === 'TYPING_START') {
    if (has) return state;
    return { ...state, [frame.conversationId]: [...now, frame.userId] };
  }
  if (!has) return state;
  const rest = now.filter((id) => id !== frame.userId);
  const next = { ...state };
  if (rest.length === 0) delete next[frame.conversationId];
  else next[frame.conversationId] = rest;
  return next;
}

/** Someone who sent a message has stopped typing it. */
export const typingAfterMessage = (state: TypingState, conversationId: string, senderId: number) =>
  typingChanged(state, { type: 'TYPING_STOP', conversationId, userId: senderId }, Number.NaN);
