import fc from 'fast-check';

/**
 * Malformed input for the bad-input test: values a careless or hostile caller sends, in every place a
 * route reads input (body fields, whole bodies, raw payloads, content types, path ids, query strings).
 */

const LONE_SURROGATES = ['\uD800', 'a\uDBFFb', '\uDC00', 'x\uDFFF', '\uDC00\uD800'];
const NUL_TEXT = ['\u0000', 'a\u0000b', 'ok@example.com\u0000', '2026-01-01\u0000'];
const NOT_DAYS = [
  '2030-02-31',
  '9999-99-99',
  '2026-13-45',
  '0000-00-00',
  '2026-02-29',
  '1-1-1',
  '2026-1-1',
  '20260101',
];
const HUGE_NUMBERS = [0, -1, 1.5, -0.5, 2147483648, 2 ** 53 + 2, 1e308, -1e308, Number.MAX_SAFE_INTEGER];

/** Percent-encodes a text; a lone surrogate (which encodeURIComponent refuses) is sent as its raw UTF-8 bytes. */
export const encode = (s: string) =>
  s.replace(/[\s\S]/gu, (ch) => {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    return encodeURIComponent(ch);
  });

/** A text the store cannot hold, or that no field should take. */
export const badText = fc.oneof(
  fc.constantFrom(...LONE_SURROGATES, ...NUL_TEXT, ...NOT_DAYS, '', ' ', '\t\n'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...LONE_SURROGATES, ...NUL_TEXT))
    .map(([a, b]) => a + b),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
);

/** Any JSON value in the wrong place: wrong types, huge and fractional numbers, bad texts, containers. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, ...HUGE_NUMBERS, [], {}),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  badText,
  fc.array(fc.oneof(fc.integer(), badText), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), badText), { maxKeys: 3 }),
);

/** A path id that names no storable record: not a number, not positive, fractional or past int4. */
export const badId = fc.oneof(
  fc.constantFrom(
    '0',
    '-1',
    '1.5',
    '2147483648',
    '2147483647000',
    '99999999999999999999999999',
    '1e3',
    '1e400',
    'Infinity',
    'NaN',
    '0x10',
    'abc',
    '%00',
    '1%00',
    '%ED%A0%80',
    '%F0',
    '%',
    '%20',
    '+1',
    '00000000000000000000001',
  ),
  fc.integer({ min: 2 ** 31, max: Number.MAX_SAFE_INTEGER }).map(String),
  fc.integer({ max: 0 }).map(String),
  fc.double({ noNaN: true }).map(String).map(encode),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 20 }).map(encode),
);

/** A raw query value (already encoded): bad encodings, NUL, surrogates, not-dates. */
export const badQueryValue = fc.oneof(
  fc.constantFrom('%00', 'a%00', '%ED%A0%80', '%F0%9F', '%', '%zz', '', ...NOT_DAYS.map(encodeURIComponent)),
  badText.map(encode),
);

/** A payload that is no JSON, or JSON nobody should parse, sent as application/json. */
export const brokenJson = fc.constantFrom(
  '{',
  '{"a":',
  '[1,2',
  'nul',
  '"unterminated',
  '{"a":1}{"b":2}',
  '\u0000',
  '{"text":"\\u0000"}',
  '{"text":"\\ud800"}',
  '{"__proto__":{"admin":true}}',
  '{"constructor":{"prototype":{"x":1}}}',
  '',
  ' ',
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  `${'{"a":'.repeat(2_000)}1${'}'.repeat(2_000)}`,
  '1e999999',
  '-',
  '\uFEFF{}',
);

/** Content types a JSON route does not take, and multipart without its boundary. */
export const wrongContentType = fc.constantFrom(
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/json; charset=nonsense',
  'image/png',
  ';;;',
);
