import { randomUUID } from 'node:crypto';
import { CONVERSATION_NOT_FOUND } from '@app/contracts/api/messages';
import { SOCKET_FLOODED, type TClientFrame, type TTypingEvent, ZClientFrame } from '@app/contracts/ws';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData } from 'ws';
import { type Person, personOf } from '../auth/person.ts';
import type { Actor } from '../platform/command.ts';
import type { AppDeps } from '../platform/deps.ts';
import { DomainError } from '../platform/errors.ts';
import type { Audience, Connection, Connections } from './connections.ts';
import { sendText } from './connections.ts';

/** What the frames of one socket are handled with (the hub wires the messaging slice in). */
export interface FrameContext {
  deps: Pick<AppDeps, 'rm'>;
  connections: Connections;
  /** Delivers to the audience's sockets in every API process. */
  relay(audience: Audience, text: string): void;
  mayUseConversation(person: Person, conversationId: string): boolean;
  /** The conversation's members, or undefined when the id names none. */
  audienceOf(conversationId: string): Promise<Audience | undefined>;
  /** The messaging slice's read command; its projection notice tells the members. */
  markRead(
    actor: Actor,
    input: { conversationId: string; messageId: number; reader: Person },
  ): Promise<unknown>;
  log: FastifyBaseLogger;
}

/** A refused frame: the sender is told why, the socket stays open. */
class Refused extends Error {}

const MAX_ECHOED = 40;

export const sendError = (c: Connection, message: string) =>
  sendText(c, JSON.stringify({ type: 'ERROR', message }));

/** Why a frame is not one of ZClientFrame, in one sentence for the sender. */
function whyMalformed(value: unknown): string {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'A frame is a JSON object.';
  const type = (value as { type?: unknown }).type;
  if (typeof type !== 'string') return 'A frame needs a type.';
  const parsed = ZClientFrame.safeParse(value);
  const issue = parsed.success ? undefined : parsed.error.issues[0];
  if (issue?.code === 'invalid_union') return `Unknown frame type: ${type.slice(0, MAX_ECHOED)}`;
  const path = issue?.path.join('.');
  return `${type.slice(0, MAX_ECHOED)}: ${path ? `${path}: ` : ''}${issue?.message ?? 'malformed'}`;
}

/**
 * One frame from a socket: counted (a flood closes the socket with SOCKET_FLOODED), parsed with ZClientFrame,
 * checked against the sender (their conversations, their own id, admins only for the admin frames), acted on.
 * Anything refused or failing answers {type: 'ERROR', message}; nothing a socket sends can crash the process.
 */
export function onFrame(ctx: FrameContext, c: Connection, data: RawData, isBinary: boolean) {
  if (!c.flood.take()) {
    ctx.log.info({ userId: c.user.id }, 'websocket closed for flooding');
    ctx.connections.remove(c);
    c.socket.close(SOCKET_FLOODED, 'Too many messages');
    return;
  }
  let value: unknown;
  try {
    if (isBinary) throw new Error('binary');
    value = JSON.parse(String(data));
  } catch {
    return sendError(c, 'Frames are JSON text.');
  }
  const parsed = ZClientFrame.safeParse(value);
  if (!parsed.success) return sendError(c, whyMalformed(value));
  handle(ctx, c, parsed.data).catch((err) => {
    if (err instanceof Refused || err instanceof DomainError) return sendError(c, err.message);
    ctx.log.warn({ err, userId: c.user.id, frame: parsed.data.type }, 'websocket frame failed');
    sendError(c, 'The frame could not be handled. Please try again.');
  });
}

async function handle(ctx: FrameContext, c: Connection, frame: TClientFrame) {
  // A session being checked again (sign-out, role change) is decided before the frame is acted on.
  if (c.checking) await c.checking;
  if (!ctx.connections.has(c)) return;
  const user = c.user;
  switch (frame.type) {
    case 'TYPING_START':
    case 'TYPING_STOP': {
      if (frame.userId !== undefined && frame.userId !== user.id)
        throw new Refused('userId must be your own id.');
      await memberOf(ctx, c, frame.conversationId);
      const audience = await ctx.audienceOf(frame.conversationId);
      if (!audience) throw new Refused(CONVERSATION_NOT_FOUND);
      const event: TTypingEvent = { type: frame.type, userId: user.id, conversationId: frame.conversationId };
      ctx.relay({ ...audience, exceptUserId: user.id }, JSON.stringify(event));
      return;
    }
    case 'MESSAGE_READ': {
      if (frame.readBy !== undefined && frame.readBy !== user.id)
        throw new Refused('readBy must be your own id.');
      const reader = await memberOf(ctx, c, frame.conversationId);
      await ctx.markRead(
        { id: user.id, role: user.role, correlationId: randomUUID(), clientIp: null },
        { conversationId: frame.conversationId, messageId: frame.messageId, reader },
      );
      return;
    }
    case 'ADMIN_DATA_SYNC': {
      if (user.role !== 'admin') throw new Refused('Only admins may send ADMIN_DATA_SYNC.');
      if (!/^[a-z][a-z_-]{0,39}$/.test(frame.syncType))
        throw new Refused('ADMIN_DATA_SYNC: syncType must be a word such as project or client.');
      const update = { type: 'ADMIN_DATA_UPDATE', syncType: frame.syncType };
      ctx.relay({ userIds: new Set(), admins: true, exceptUserId: user.id }, JSON.stringify(update));
      return;
    }
    case 'ADMIN_CHAT': {
      if (user.role !== 'admin') throw new Refused('Only admins may send ADMIN_CHAT.');
      const chat = { type: 'ADMIN_CHAT_MESSAGE', data: frame.data ?? null, userId: user.id };
      ctx.relay({ userIds: new Set(), admins: true, exceptUserId: user.id }, JSON.stringify(chat));
      return;
    }
    default: {
      const unhandled: never = frame;
      return unhandled;
    }
  }
}

/** Refuses a conversation the sender does not belong to exactly as one that does not exist. */
async function memberOf(ctx: FrameContext, c: Connection, conversationId: string) {
  const person = await personOf(ctx.deps, c.user);
  if (!ctx.mayUseConversation(person, conversationId)) throw new Refused(CONVERSATION_NOT_FOUND);
  return person;
}
