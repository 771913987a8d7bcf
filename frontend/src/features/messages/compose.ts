import type { TMessage } from '@app/contracts/api/messages';
import { MESSAGE_MAX_CHARS, MESSAGE_TOO_LONG } from '@app/contracts/api/messages';

/**
 * The message box's rules, as the server counts (contracts/api/messages.ts): the text is trimmed; empty
 * cannot be sent (the button is disabled, no message needed); over 5,000 characters shows MESSAGE_TOO_LONG
 * before anything is sent.
 */
export function composeState(text: string): { canSend: boolean; problem: string | null } {
  const trimmed = text.trim();
  if (trimmed.length === 0) return { canSend: false, problem: null };
  if (trimmed.length > MESSAGE_MAX_CHARS) return { canSend: false, problem: MESSAGE_TOO_LONG };
  return { canSend: true, problem: null };
}

export const TOAST_MS = 4000;
export const TOAST_PREVIEW_CHARS = 100;

/**
 * The new-message toast (spec part 2, section 7: 4 s, the first 100 characters) for a message that arrived
 * on the socket: only one from someone else, and only when its conversation is not the one open.
 */
export function newMessageToast(message: TMessage, me: number, openId: string | null) {
  if (message.senderId === me || message.conversationId === openId) return null;
  const name = `${message.sender.firstName} ${message.sender.lastName}`.trim() || message.sender.email;
  return {
    title: `New message from ${name}`,
    description: Array.from(message.content).slice(0, TOAST_PREVIEW_CHARS).join(''),
    durationMs: TOAST_MS,
  };
}
