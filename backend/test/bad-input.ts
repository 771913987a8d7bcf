import fc from 'fast-check';

/**
 * Malformed input for the bad-input test: values a careless or hostile caller sends, in every place a
 * route reads input (body fields, whole bodies, raw payloads, content types, path ids, query strings,
 * headers). The constant lists are each tried on every route; the arbitraries add random variety.
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

/** A text with a NUL or a lone surrogate: the input rules refuse it on every route (400). */
export const UNSTORABLE = [...LONE_SURROGATES, ...NUL_TEXT];
export const isUnstorable = (s: string) => s.includes('\u0000') || /\p{Surrogate}/u.test(s);

/** Percent-encodes a text; a lone surrogate (which encodeURIComponent refuses) is sent as its raw UTF-8 bytes. */
export const encode = (s: string) =>
  s.replace(/[\s\S]/gu, (ch) => {
    const code = ch.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff)
      return `%${(0xe0 | (code >> 12)).toString(16)}%${(0x80 | ((code >> 6) & 0x3f)).toString(16)}%${(0x80 | (code & 0x3f)).toString(16)}`.toUpperCase();
    return encodeURIComponent(ch);
  });

const HUGE_TEXT = 'x'.repeat(200_000);

/** Texts each text field is sent: unstorable, empty, blank. */
export const BAD_TEXTS = ['\u0000', 'a\u0000b', '\uD800', 'x\uDFFF', '', ' ', '\t\n'];

/** Texts of 200,000 characters (one ending in a lone surrogate): each route gets them in one of its text fields. */
export const HUGE_TEXTS = [HUGE_TEXT, `${HUGE_TEXT.slice(1)}\uD800`, '😀'.repeat(100_000)];

/** A text the store cannot hold, or that no field should take. */
export const badText = fc.oneof(
  fc.constantFrom(...LONE_SURROGATES, ...NUL_TEXT, ...NOT_DAYS, '', ' ', '\t\n'),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...LONE_SURROGATES, ...NUL_TEXT))
    .map(([a, b]) => a + b),
  fc.integer({ min: 1_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(
    "' OR 1=1 --",
    '<script>alert(1)</script>',
    '../../../etc/passwd',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the text a log4j-style lookup attack sends
    '${jndi:ldap://x}',
    'a\r\nSet-Cookie: x=1',
    '\u202Eevil',
    '\uFEFF',
  ),
);

/**
 * Numbers each numeric field is sent, as numbers and as texts: fractions of a cent (1e-9), negatives,
 * past int4 and past the safe integers, and texts that only look like numbers.
 */
export const BAD_NUMBERS: unknown[] = [
  1e-9,
  -1e-9,
  0.001,
  0.005,
  10.005,
  -0,
  -1,
  -0.01,
  0,
  1e21,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53 + 1,
  1e308,
  '1e-9',
  '0.001',
  '-5',
  '1e3',
  'NaN',
  'Infinity',
  '0x10',
  ' 5 ',
  '5,00',
  '$5',
  '1_000',
  '١٢',
  '',
  '00012',
];

/** Any JSON value in the wrong place: wrong types, huge and fractional numbers, bad texts, containers. */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(null, true, false, ...HUGE_NUMBERS, [], {}),
  fc.constantFrom(...BAD_NUMBERS),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  badText,
  fc.array(fc.oneof(fc.integer(), badText), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.oneof(fc.integer(), badText), { maxKeys: 3 }),
  fc.integer({ min: 2, max: 200 }).map(nested),
);

/** A value nested `depth` levels deep, alternating objects and arrays. */
export function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
}

/** JSON text nested `depth` levels deep, built as text (JSON.stringify of such a value would overflow). */
export const deepJson = (depth: number, open = '{"a":', close = '}') =>
  `${open.repeat(depth)}1${close.repeat(depth)}`;

/** Whole bodies of the wrong shape, each sent as the body of every route that reads one. */
export const BAD_BODIES: unknown[] = [null, true, 0, -1, 'text', '', [], [{}], {}, { '': '' }, nested(64)];

/**
 * Payloads that are no JSON, or JSON nobody should parse, sent as application/json. `invalid`: JSON.parse
 * refuses it, so every route must refuse it.
 */
export const BROKEN_JSON = [
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
  deepJson(2_000),
  '1e999999',
  '-',
  '\uFEFF{}',
  '{"a":1,}',
  "{'a':1}",
  '{"a":NaN}',
  '{"a":0x10}',
  '{"a":"\\x41"}',
  `{"a":"${'\\u00'.repeat(3)}"}`,
].map(withValidity);

/** Large payloads (deep nesting, long arrays, many keys): each body route gets one of them. */
export const HUGE_JSON = [
  `${'['.repeat(5_000)}${']'.repeat(5_000)}`,
  deepJson(100_000),
  deepJson(100_000, '[', ']'),
  `[${'1,'.repeat(100_000)}1]`,
  `{${Array.from({ length: 20_000 }, (_, i) => `"k${i}":${i}`).join(',')}}`,
].map(withValidity);

function withValidity(payload: string) {
  return { payload, invalid: !parses(payload) };
}

/** Whether the body parser takes it (a leading byte order mark is skipped). */
function parses(text: string) {
  try {
    JSON.parse(text.replace(/^\uFEFF/, ''));
    return true;
  } catch {
    return false;
  }
}

/** Content types a JSON route does not take, and multipart without its boundary. */
export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data',
  'multipart/form-data; boundary=',
  'multipart/form-data; boundary=x',
  'application/xml',
  'application/json; charset=utf-16',
  'application/octet-stream',
  'application/json; charset=nonsense',
  'application/json;;;',
  'image/png',
  ';;;',
  'application/jsonx',
  'APPLICATION/JSON',
];

/** A path id that names no storable record: not a number, not positive, fractional or past int4. */
export const BAD_IDS = [
  '0',
  '-1',
  '-0',
  '1.5',
  '1.0',
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
  '%201',
  '1%20',
  '+1',
  '1,2',
  '1;2',
  '%2F1',
  '00',
  '01',
  '007',
  '-01',
  '00000000000000000000001',
  'null',
  'undefined',
  '__proto__',
  'x'.repeat(5_000),
];

/** The valid id in the forms it must not be taken in: leading zeros, signs, decimals, padding. */
export const disguisedIds = (id: string) => [
  `0${id}`,
  `00${id}`,
  `-${id}`,
  `+${id}`,
  `${id}.0`,
  `${id}e0`,
  `${id}%20`,
  `%20${id}`,
  `${id}%00`,
  `${id}abc`,
  `${id}${'0'.repeat(12)}`,
];

export const badId = fc.oneof(
  fc.constantFrom(...BAD_IDS),
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

/**
 * Raw query strings (already encoded), each added to a route's valid query: unknown keys, keys the
 * parser may take for objects or prototypes, arrays, a very long one.
 */
export const BAD_QUERIES = [
  'unknown=1',
  '__proto__=x',
  '__proto__[admin]=true',
  'constructor[prototype][x]=1',
  'toString=1',
  'hasOwnProperty=1',
  'a[]=1&a[]=2',
  'a[0]=1',
  'a[b][c]=1',
  '=',
  '&&&',
  '=x',
  'x',
  '%00=1',
  'a%00=1',
  '%ED%A0%80=1',
  '%=1',
  `long=${'x'.repeat(10_000)}`,
  Array.from({ length: 1_000 }, (_, i) => `k${i}=${i}`).join('&'),
  `r=${'1&r='.repeat(500)}1`,
];

/** The same query key given again, as an array, or as an object, for each key a route reads. */
export const queryShapes = (name: string, value: string) => [
  `${name}=${value}&${name}=${value}`,
  `${name}=${value}&${name}=`,
  `${name}[]=${value}`,
  `${name}[]=${value}&${name}[]=${value}`,
  `${name}[0]=${value}`,
  `${name}[a]=${value}`,
  `${name}`,
  `${name}=`,
];

/**
 * Malformed request headers, each sent to some routes. Every `If-Match` here is sent to every route whose
 * schema reads that header (an edit with `expectedVersion`): a new such route is attacked with them at once.
 */
export const BAD_HEADERS: Record<string, string[]> = {
  'if-match': [
    '"1"',
    ' "1" ',
    '"１"',
    '"1" "2"',
    'abc',
    '"abc"',
    'W/"1"',
    '"-1"',
    '"01"',
    '"1e3"',
    '"2147483648"',
    '"99999999999999999999"',
    '*',
    '',
    '"1", "2"',
    '"',
    `"${'9'.repeat(500)}"`,
  ],
  'idempotency-key': ['', 'short', 'x'.repeat(101), 'has spaces in it', 'ünïcödé-key', '../../etc/passwd'],
  authorization: ['Bearer', 'Bearer ', 'Basic Zm9vOmJhcg==', `Bearer ${'x'.repeat(5_000)}`, 'Bearer a b'],
  range: ['bytes=5-1', 'bytes=999999999999-', 'bytes=-0', 'bytes=abc', 'bytes=0-1,2-3,4-5,6-7'],
  'content-encoding': ['gzip', 'br', 'x-unknown'],
  accept: ['application/xml', '*/*;q=x', ''],
  'if-none-match': ['W/"x"', '*', '"', ''],
  'x-forwarded-for': ['not-an-ip', '1.1.1.1, garbage'],
};
