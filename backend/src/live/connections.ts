import type { WebSocket } from 'ws';
import type { SignedInUser } from '../auth/guard.ts';
import { FloodGauge } from './flood.ts';

export interface Connection {
  socket: WebSocket;
  user: SignedInUser;
  /** Set while the session is being checked again; what depends on the user's role waits for the answer. */
  checking: Promise<void> | null;
  flood: FloodGauge;
}

export const newConnection = (socket: WebSocket, user: SignedInUser): Connection => ({
  socket,
  user,
  checking: null,
  flood: new FloodGauge(),
});

/** Who should get a frame: some users by id, and (or) every admin. */
export interface Audience {
  userIds: ReadonlySet<number>;
  admins: boolean;
  /** The named users get it only while they are admins (the members of a team conversation). */
  namedAreAdmins?: boolean;
  /** Left out even if named (the sender of a typing frame). */
  exceptUserId?: number;
}

export const isIn = (audience: Audience, user: Pick<SignedInUser, 'id' | 'role'>) => {
  if (user.id === audience.exceptUserId) return false;
  if (audience.admins && user.role === 'admin') return true;
  return audience.userIds.has(user.id) && (!audience.namedAreAdmins || user.role === 'admin');
};

/** This process's open sockets, also by user (presence, and frames for a few users among many sockets). */
export class Connections {
  private readonly all = new Set<Connection>();
  private readonly byUser = new Map<number, Set<Connection>>();

  add(c: Connection) {
    this.all.add(c);
    const mine = this.byUser.get(c.user.id) ?? new Set();
    mine.add(c);
    this.byUser.set(c.user.id, mine);
  }

  /** Answers true when it was the user's last socket here. */
  remove(c: Connection): boolean {
    if (!this.all.delete(c)) return false;
    const mine = this.byUser.get(c.user.id);
    mine?.delete(c);
    if (mine && mine.size > 0) return false;
    this.byUser.delete(c.user.id);
    return true;
  }

  has(c: Connection) {
    return this.all.has(c);
  }

  get size() {
    return this.all.size;
  }

  [Symbol.iterator]() {
    return this.all.values();
  }

  userIds() {
    return this.byUser.keys();
  }

  /** Sends `text` to every socket of the audience. A socket whose session is being checked gets it after the
   * check, and only if it still belongs (a demoted admin, a closed session). */
  send(audience: Audience, text: string) {
    const deliver = (c: Connection) => {
      if (this.all.has(c) && isIn(audience, c.user)) sendText(c, text);
    };
    // With few named users and no admins, only their sockets are looked at.
    const candidates = audience.admins
      ? this.all
      : [...audience.userIds].flatMap((id) => [...(this.byUser.get(id) ?? [])]);
    for (const c of candidates) {
      if (c.checking) void c.checking.then(() => deliver(c));
      else deliver(c);
    }
  }
}

export function sendText(c: Connection, text: string) {
  if (c.socket.readyState === c.socket.OPEN) c.socket.send(text);
}
