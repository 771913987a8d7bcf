import { describe, expect, it } from 'vitest';
import { AggregateCache } from './aggregate-cache.ts';

describe('AggregateCache', () => {
  const decider = {};

  it('keeps at most its bound, dropping the least recently used', () => {
    const cache = new AggregateCache(2);
    cache.set('a', decider, 'A', 0n);
    cache.set('b', decider, 'B', 0n);
    expect(cache.get('a', decider)?.state).toBe('A'); // a is now the most recently used
    cache.set('c', decider, 'C', 0n);
    expect(cache.size).toBe(2);
    expect(cache.get('b', decider)).toBeNull();
    expect(cache.get('a', decider)).toEqual({ state: 'A', revision: 0n });
    expect(cache.get('c', decider)).toEqual({ state: 'C', revision: 0n });
  });

  it('answers nothing for a stream remembered under another decider, or forgotten', () => {
    const cache = new AggregateCache();
    cache.set('a', decider, 'A', 3n);
    expect(cache.get('a', {})).toBeNull();
    cache.forget('a');
    expect(cache.get('a', decider)).toBeNull();
  });
});
