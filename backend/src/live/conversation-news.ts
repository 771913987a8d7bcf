import type { TMessage } from '@app/contracts/api/messages';
import type { TMessageReadEvent } from '@app/contracts/ws';
import type { ChangeNotice } from '@app/projections/runtime/apply';
import { sql } from 'kysely';
import type { AppDeps } from '../platform/deps.ts';
import type { Audience } from './connections.ts';

/** The projection whose notices carry messages and read marks (keys: message ids and conversation ids). */
export const MESSAGES_PROJECTION = 'messages';
/** A message older than this when its notice comes (a rebuild replaying the log) is not news. */
const NEWS_MAX_AGE_MS = 60_000;
/** How many delivered message ids and known read marks are remembered (older ones are forgotten first). */
const REMEMBERED = 20_000;
/** How far below the highest message id a notice without keys looks for new messages. */
const RECENT_ID_MARGIN = 5_000;

export interface NewsDeps {
  deps: Pick<AppDeps, 'db'>;
  messagesByIds(ids: number[]): Promise<TMessage[]>;
  audienceOf(conversationId: string): Promise<Audience | undefined>;
  /** This process's sockets only: every API process hears the same notice and tells its own. */
  send(audience: Audience, text: string): void;
}

/** A set that forgets its oldest entries past `limit` (a Map keeps insertion order). */
class Remembered<V> {
  private readonly map = new Map<string, V>();
  constructor(private readonly limit: number) {}
  get(key: string) {
    return this.map.get(key);
  }
  set(key: string, value: V) {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.limit) this.map.delete(this.map.keys().next().value as string);
  }
}

/**
 * Turns the messages view's commits into frames for the members of each conversation: NEW_MESSAGE for each
 * message the notice names that this process has not delivered yet (looked up by id, so a client only ever gets
 * their own conversation's; most messages were pushed by the write side already, see `claim`), and
 * MESSAGE_READ {conversationId, messageId, readBy} for each read mark that moved. Every API process does this
 * for its own sockets, so messages and reads reach sockets held anywhere.
 *
 * The notice does not say which reader's mark moved; this process remembers the marks it has seen. A batch
 * that only holds reads of a conversation it has not seen yet tells all of that conversation's marks (true,
 * only possibly known already); one that also holds its messages is taken as the starting point.
 */
export class ConversationNews {
  private readonly delivered = new Remembered<true>(REMEMBERED);
  private readonly marks = new Remembered<number>(REMEMBERED);
  /** Notices are handled one after another, so frames keep the order of the commits. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly news: NewsDeps,
    private readonly onError: (err: unknown) => void,
  ) {}

  onNotice(notice: ChangeNotice) {
    if (notice.projection !== MESSAGES_PROJECTION || notice.changed === 0) return;
    // The lookups of successive notices overlap; their frames go out in the order of the commits.
    const looked = this.lookUp(notice);
    looked.catch(() => undefined);
    this.queue = this.queue.then(async () => this.deliver(await looked)).catch(this.onError);
  }

  /**
   * True the first time a message is claimed for this process's sockets, false ever after (within the last
   * REMEMBERED messages): the write side's push, the relay and the notices each claim before sending, so every
   * socket gets a message once, whichever path brings it first.
   */
  claim(messageId: number): boolean {
    const key = String(messageId);
    if (this.delivered.get(key)) return false;
    this.delivered.set(key, true);
    return true;
  }

  /** Resolves when every notice so far has been handled (tests and shutdown). */
  settled() {
    return this.queue;
  }

  /** The notice's messages, the read marks of its conversations and their audiences, in one round of queries. */
  private async lookUp(notice: ChangeNotice) {
    const keys = notice.keys;
    const conversationIds = keys ? keys.filter((k) => !/^\d+$/.test(k)) : [];
    const audiences = new Map<string, Promise<Audience | undefined>>();
    const audienceOf = (id: string) => {
      const found = audiences.get(id) ?? this.news.audienceOf(id);
      audiences.set(id, found);
      return found;
    };
    for (const id of conversationIds) void audienceOf(id).catch(() => undefined);
    const messageIds = keys ? keys.filter((k) => /^\d+$/.test(k)).map(Number) : this.recentIds();
    // `changed` counts the messages stored and the read marks of the batch: with no more changes than
    // messages named, no mark moved and the marks are not looked up.
    const readsToo = keys !== undefined && notice.changed > keys.length - conversationIds.length;
    const [messages, marks] = await Promise.all([
      Promise.resolve(messageIds).then((ids) =>
        this.news.messagesByIds(ids.filter((id) => !this.delivered.get(String(id)))),
      ),
      readsToo ? this.readMarks(conversationIds) : [],
    ]);
    return { messages, marks, audienceOf };
  }

  private async deliver({ messages, marks, audienceOf }: Awaited<ReturnType<ConversationNews['lookUp']>>) {
    const withMessages = new Set<string>();
    const now = Date.now();
    for (const m of messages) {
      withMessages.add(m.conversationId);
      if (this.delivered.get(String(m.id))) continue;
      if (now - Date.parse(m.createdAt) > NEWS_MAX_AGE_MS) {
        this.delivered.set(String(m.id), true);
        continue;
      }
      const audience = await audienceOf(m.conversationId);
      // Claimed only now: the write side may have pushed it meanwhile.
      if (audience && this.claim(m.id))
        this.news.send(audience, JSON.stringify({ type: 'NEW_MESSAGE', data: m }));
    }
    for (const r of marks) {
      const key = `${r.conversation_id}/${r.user_id}`;
      const known = this.marks.get(key);
      this.marks.set(key, Math.max(known ?? 0, r.read_upto));
      if (known === undefined ? withMessages.has(r.conversation_id) : r.read_upto <= known) continue;
      const audience = await audienceOf(r.conversation_id);
      const read: TMessageReadEvent = {
        type: 'MESSAGE_READ',
        conversationId: r.conversation_id,
        messageId: r.read_upto,
        readBy: r.user_id,
      };
      if (audience) this.news.send(audience, JSON.stringify(read));
    }
  }

  /** A notice with too many keys names none: the messages stored in the last few seconds stand in. */
  private async recentIds() {
    // Message ids come from one sequence, so new ones are near the top: the primary key's range keeps this
    // cheap on a long history (a message whose id lies further back than the margin is older news anyway).
    const { rows } = await sql<{ id: number }>`
      SELECT id FROM rm.messages
      WHERE id > (SELECT coalesce(max(id), 0) FROM rm.messages) - ${RECENT_ID_MARGIN}
        AND created_at > now() - interval '10 seconds'
      ORDER BY id`.execute(this.news.deps.db);
    return rows.map((r) => r.id);
  }

  private async readMarks(conversationIds: string[]) {
    if (conversationIds.length === 0) return [];
    const { rows } = await sql<{ conversation_id: string; user_id: number; read_upto: number }>`
      SELECT conversation_id, user_id, read_upto FROM rm.conversation_readers
      WHERE conversation_id = ANY(${conversationIds}::text[]) AND read_upto > 0
      ORDER BY conversation_id, user_id`.execute(this.news.deps.db);
    return rows;
  }
}
