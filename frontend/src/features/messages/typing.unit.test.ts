import { describe, expect, it } from 'vitest';
import { TYPING_IDLE_MS, type TypingFrame, typingAfterMessage, typingChanged, typingSender } from './typing';

/** Timers run by hand: `advance(ms)` fires what is due. */
function fakeTimers() {
  let now = 0;
  const pending = new Map<number, { at: number; run: () => void }>();
  let next = 1;
  return {
    set: (run: () => void, ms: number) => {
      pending.set(next, { at: now + ms, run });
      return next++;
    },
    clear: (handle: unknown) => {
      pending.delete(handle as number);
    },
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...pending]) {
        if (timer.at <= now) {
          pending.delete(id);
          timer.run();
        }
      }
    },
  };
}

describe('typing frames sent', () => {
  it('START on the first keystroke, STOP after 1 s without one', () => {
    const sent: TypingFrame[] = [];
    const timers = fakeTimers();
    const typing = typingSender((frame) => sent.push(frame), timers);
    typing.keystroke('client-4');
    timers.advance(600);
    typing.keystroke('client-4');
    timers.advance(600);
    expect(sent).toEqual([{ type: 'TYPING_START', conversationId: 'client-4' }]);
    timers.advance(TYPING_IDLE_MS - 600);
    expect(sent).toEqual([
      { type: 'TYPING_START', conversationId: 'client-4' },
      { type: 'TYPING_STOP', conversationId: 'client-4' },
    ]);
    typing.keystroke('client-4');
    expect(sent.at(-1)).toEqual({ type: 'TYPING_START', conversationId: 'client-4' });
  });

  it('STOP at once on send, and nothing more after', () => {
    const sent: TypingFrame[] = [];
    const timers = fakeTimers();
    const typing = typingSender((frame) => sent.push(frame), timers);
    typing.keystroke('team-1-2');
    typing.stop();
    timers.advance(5000);
    typing.stop();
    expect(sent.map((f) => f.type)).toEqual(['TYPING_START', 'TYPING_STOP']);
  });

  it('moving to another conversation stops in the first', () => {
    const sent: TypingFrame[] = [];
    const typing = typingSender((frame) => sent.push(frame), fakeTimers());
    typing.keystroke('client-4');
    typing.keystroke('client-5');
    expect(sent).toEqual([
      { type: 'TYPING_START', conversationId: 'client-4' },
      { type: 'TYPING_STOP', conversationId: 'client-4' },
      { type: 'TYPING_START', conversationId: 'client-5' },
    ]);
  });
});

describe('who is typing, from frames received', () => {
  const ME = 1;
  it('adds and removes people per conversation, never myself', () => {
    let state = typingChanged({}, { type: 'TYPING_START', conversationId: 'client-4', userId: 9 }, ME);
    state = typingChanged(state, { type: 'TYPING_START', conversationId: 'client-4', userId: 2 }, ME);
    state = typingChanged(state, { type: 'TYPING_START', conversationId: 'client-4', userId: ME }, ME);
    expect(state).toEqual({ 'client-4': [9, 2] });
    state = typingChanged(state, { type: 'TYPING_STOP', conversationId: 'client-4', userId: 9 }, ME);
    expect(state).toEqual({ 'client-4': [2] });
    state = typingAfterMessage(state, 'client-4', 2);
    expect(state).toEqual({});
  });

  it('a repeated START or a STOP of someone not typing changes nothing', () => {
    const state = { 'client-4': [9] };
    expect(typingChanged(state, { type: 'TYPING_START', conversationId: 'client-4', userId: 9 }, ME)).toBe(
      state,
    );
    expect(typingChanged(state, { type: 'TYPING_STOP', conversationId: 'client-5', userId: 9 }, ME)).toBe(
      state,
    );
  });
});
