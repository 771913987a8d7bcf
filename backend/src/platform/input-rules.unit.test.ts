import { describe, expect, it } from 'vitest';
import { unstorableText } from './input-rules.ts';

describe('unstorableText', () => {
  it('finds a NUL or a lone surrogate in any value or key, however deep', () => {
    expect(unstorableText({ a: [1, { b: 'ok' }], c: 'x\u0000' })).toBe('x\u0000');
    expect(unstorableText({ list: [{ 'k\uD800': 1 }] })).toBe('k\uD800');
    expect(unstorableText(['\uDC00'])).toBe('\uDC00');
  });

  it('takes paired surrogates (emoji), numbers and empty values as storable', () => {
    expect(unstorableText({ note: 'Cabin 😀', n: 5, none: null, list: [] })).toBeNull();
    expect(unstorableText(undefined)).toBeNull();
  });

  it('walks a deeply nested body without running out of stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(unstorableText(deep)).toBe('bottom\u0000');
  });
});
