import { randomUUID } from 'node:crypto';
import type { TDomainEvent } from '@app/contracts/events/domain';
import type { EventStore } from '../src/eventstore/port.ts';
import { toNewEvents } from '../src/platform/command.ts';

const actor = { id: 1, role: 'admin' as const, correlationId: randomUUID(), clientIp: '127.0.0.1' };

/** A user's creation as a test appends it; `firstName: null` makes one no projector can store. */
export const userCreated = (userId: number, firstName: string | null = 'Ann'): TDomainEvent =>
  ({
    type: 'UserCreated',
    data: {
      userId,
      email: `u${userId}@example.com`,
      firstName,
      lastName: 'Lee',
      role: 'user',
      mustChangePassword: false,
    },
  }) as TDomainEvent;

/**
 * Appends `total` user events fast: each user stream gets UserCreated then role changes, 500 events per
 * append. Returns how many users exist at the end (for checking the rebuilt views).
 */
export async function seedUserEvents(
  store: EventStore,
  total: number,
  eventsPerUser = 5,
  firstUserId = 1000,
) {
  const users = Math.ceil(total / eventsPerUser);
  const perAppend = Math.floor(500 / eventsPerUser);
  let written = 0;
  for (let start = 0; start < users; start += perAppend) {
    const batch: Promise<unknown>[] = [];
    for (let u = start; u < Math.min(users, start + perAppend); u++) {
      const userId = firstUserId + u;
      const events: TDomainEvent[] = [
        {
          type: 'UserCreated',
          data: {
            userId,
            email: `u${userId}@example.com`,
            firstName: `User${userId}`,
            lastName: 'Seed',
            role: 'user',
            mustChangePassword: false,
          },
        },
      ];
      for (let k = 1; k < eventsPerUser && written + events.length < total; k++) {
        events.push({
          type: 'UserRoleChanged',
          data: { userId, from: k % 2 ? 'user' : 'client', to: k % 2 ? 'client' : 'user' },
        });
      }
      written += events.length;
      batch.push(store.append(`user-${userId}`, toNewEvents(events, actor), 'no_stream'));
    }
    await Promise.all(batch);
  }
  return { users, events: written };
}
