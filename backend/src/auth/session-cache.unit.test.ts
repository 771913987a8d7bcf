import { describe, expect, it } from 'vitest';
import type { SignedInUser } from './guard.ts';
import { SessionCache } from './session-cache.ts';

const user = (id: number): SignedInUser => ({
  id,
  email: `u${id}@example.com`,
  firstName: 'U',
  lastName: String(id),
  role: 'user',
  sessionHash: `hash-${id}`,
  mustChangePassword: false,
  createdAt: '2026-01-01T00:00:00.000Z',
});
const far = new Date(Date.now() + 3_600_000);

describe('SessionCache', () => {
  it('answers a remembered user until the time to live, and never past the session expiry', () => {
    const cache = new SessionCache(1000);
    const now = 1_000_000;
    cache.remember('a', user(1), new Date(now + 5000), cache.mark(), now);
    cache.remember('b', user(2), new Date(now + 300), cache.mark(), now);
    expect(cache.get('a', now + 999)?.id).toBe(1);
    expect(cache.get('a', now + 1000)).toBeNull();
    expect(cache.get('b', now + 299)?.id).toBe(2);
    expect(cache.get('b', now + 300)).toBeNull();
  });

  it('does not remember a lookup that was under way while its user was dropped', () => {
    const cache = new SessionCache();
    const started = cache.mark();
    cache.dropUser(1);
    cache.remember('a', user(1), far, started);
    expect(cache.get('a')).toBeNull();
    cache.remember('b', user(2), far, started); // another user's lookup is unaffected
    expect(cache.get('b')?.id).toBe(2);
    cache.remember('a', user(1), far, cache.mark()); // a lookup started after the drop is remembered
    expect(cache.get('a')?.id).toBe(1);
  });

  it('drops one session, all of a user, or everything', () => {
    const cache = new SessionCache();
    cache.remember('a1', user(1), far, cache.mark());
    cache.remember('a2', user(1), far, cache.mark());
    cache.remember('b', user(2), far, cache.mark());
    cache.dropSession('a1');
    expect([cache.get('a1'), cache.get('a2')?.id]).toEqual([null, 1]);
    cache.dropUser(1);
    expect([cache.get('a2'), cache.get('b')?.id]).toEqual([null, 2]);
    const started = cache.mark();
    cache.dropAll();
    expect(cache.get('b')).toBeNull();
    cache.remember('b', user(2), far, started);
    expect(cache.get('b')).toBeNull();
  });

  it('follows the users view: drops the users a notice names, everyone when it names none', () => {
    const cache = new SessionCache();
    const notice = { position: '0/1', changed: 1, syncType: 'user' };
    cache.remember('a', user(1), far, cache.mark());
    cache.remember('b', user(2), far, cache.mark());
    cache.onViewChange({ ...notice, projection: 'projects' });
    cache.onViewChange({ ...notice, projection: 'users', keys: [] });
    expect([cache.get('a')?.id, cache.get('b')?.id]).toEqual([1, 2]);
    cache.onViewChange({ ...notice, projection: 'users', keys: ['2'] });
    expect([cache.get('a')?.id, cache.get('b')]).toEqual([1, null]);
    cache.onViewChange({ ...notice, projection: 'users' });
    expect(cache.get('a')).toBeNull();
  });

  it('holds at most its bound', () => {
    const cache = new SessionCache(1000, 2);
    for (const id of [1, 2, 3]) cache.remember(`t${id}`, user(id), far, cache.mark());
    expect([1, 2, 3].filter((id) => cache.get(`t${id}`))).toEqual([1, 2]);
  });

  it('remembers nothing while the notices do not reach it, and forgets all when they do again', () => {
    const cache = new SessionCache(60_000);
    cache.remember('a', user(1), far, cache.mark());
    expect(cache.get('a')?.id).toBe(1);
    cache.setFollowing(false); // the LISTEN connection was lost: a sign-out elsewhere would go unheard
    expect(cache.get('a')).toBeNull();
    cache.remember('a', user(1), far, cache.mark());
    expect(cache.get('a')).toBeNull();
    cache.setFollowing(true);
    expect(cache.get('a')).toBeNull();
    cache.remember('a', user(1), far, cache.mark());
    expect(cache.get('a')?.id).toBe(1);
  });
});
