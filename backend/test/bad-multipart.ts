import type { RawRequest } from './raw-http.ts';

/**
 * Broken multipart/form-data bodies for an upload route, built as raw bytes: without a boundary or with the
 * wrong one, cut mid-part (complete requests whose body stops early, and bodies shorter than announced),
 * a part without its file, a file in the wrong field, an oversized file or field, malformed part headers.
 */
export interface UploadShape {
  /** The form field the route reads its file from. */
  field: string;
  /** Other fields a valid upload sends (e.g. a document's project). */
  fields: Record<string, string>;
  file: { name: string; type: string; bytes: Buffer };
  /** The route's limit for one file: the oversized part is one byte more. */
  maxBytes: number;
}

export interface BrokenUpload {
  label: string;
  request: Omit<RawRequest, 'method' | 'path'>;
  /** A server may take it (a preamble is allowed; a filename may be cleaned): refusing it is not required. */
  mayPass?: boolean;
}

/** The broken uploads a server may still accept, by label. */
const MAY_PASS = new Set([
  'preamble of garbage before the first part',
  'lines ending in LF only',
  'two files',
  'thirty fields',
  'a field of 100 KB',
  'a field with a NUL',
  'a part header without a colon',
  'a part header of 20,000 characters',
  'Content-Disposition without a name',
  'a filename that climbs out of the folder',
  'a filename with a NUL',
  'a filename of 5,000 characters',
  "a filename* in UTF-8 with a lone surrogate's bytes",
  'a filename of invalid UTF-8',
  // A file cut after its first bytes still starts as its type does; only a decoder can tell.
  'only the first bytes of the file',
]);

const BOUNDARY = '----bad-input-boundary-7MA4YWxkTrZu0gW';
const CRLF = '\r\n';

interface Part {
  /** The whole Content-Disposition line's value, or null to leave the header out. */
  disposition: string | null;
  type?: string;
  extraHeaders?: string[];
  body: Buffer | string;
}

const fieldPart = (name: string, value: string): Part => ({
  disposition: `form-data; name="${name}"`,
  body: value,
});
const filePart = (field: string, name: string, type: string, body: Buffer): Part => ({
  disposition: `form-data; name="${field}"; filename="${name}"`,
  type,
  body,
});

function encodeParts(parts: Part[], boundary = BOUNDARY, close = true, newline = CRLF) {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const headers = [
      ...(part.disposition === null ? [] : [`Content-Disposition: ${part.disposition}`]),
      ...(part.type ? [`Content-Type: ${part.type}`] : []),
      ...(part.extraHeaders ?? []),
    ];
    chunks.push(Buffer.from(`--${boundary}${newline}${headers.join(newline)}${newline}${newline}`));
    chunks.push(Buffer.isBuffer(part.body) ? part.body : Buffer.from(part.body));
    chunks.push(Buffer.from(newline));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--${newline}`));
  return Buffer.concat(chunks);
}

const typeOf = (boundary = BOUNDARY) => `multipart/form-data; boundary=${boundary}`;

/** The upload as the route takes it: the request headers and the body. */
export function validUpload(shape: UploadShape) {
  const fields = Object.entries(shape.fields).map(([k, v]) => fieldPart(k, v));
  const body = encodeParts([
    ...fields,
    filePart(shape.field, shape.file.name, shape.file.type, shape.file.bytes),
  ]);
  return { headers: { 'content-type': typeOf() }, body };
}

export function brokenUploads(shape: UploadShape): BrokenUpload[] {
  const fields = Object.entries(shape.fields).map(([k, v]) => fieldPart(k, v));
  const file = filePart(shape.field, shape.file.name, shape.file.type, shape.file.bytes);
  const valid = encodeParts([...fields, file]);
  const complete = (label: string, body: Buffer, contentType = typeOf()): BrokenUpload => ({
    label,
    request: { headers: { 'content-type': contentType }, body },
  });
  const withFile = (label: string, part: Part) => complete(label, encodeParts([...fields, part]));
  const fileStart = valid.indexOf(shape.file.bytes);
  const closing = valid.lastIndexOf(`--${BOUNDARY}--`);

  const uploads: BrokenUpload[] = [
    // Content types that promise a form without saying how to read it.
    complete('multipart without a boundary', valid, 'multipart/form-data'),
    complete('empty boundary', valid, 'multipart/form-data; boundary='),
    complete('quoted empty boundary', valid, 'multipart/form-data; boundary=""'),
    complete('boundary the body does not use', valid, typeOf('another-boundary')),
    complete('boundary of 200 characters', valid, typeOf('b'.repeat(200))),
    complete('boundary with a NUL', valid, 'multipart/form-data; boundary=a%00b'),
    complete('multipart/mixed', valid, `multipart/mixed; boundary=${BOUNDARY}`),
    complete('empty body', Buffer.alloc(0)),
    complete('only the closing boundary', Buffer.from(`--${BOUNDARY}--${CRLF}`)),
    complete('no parts, no closing boundary', Buffer.from(`--${BOUNDARY}${CRLF}`)),
    complete('random bytes', Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256))),
    complete('lines ending in LF only', encodeParts([...fields, file], BOUNDARY, true, '\n')),
    complete('preamble of garbage before the first part', Buffer.concat([Buffer.from('garbage\r\n'), valid])),
    // Bodies cut mid-part, sent as complete requests (Content-Length is the cut body's).
    complete('cut inside the first part headers', valid.subarray(0, BOUNDARY.length + 20)),
    complete('cut before the file', valid.subarray(0, fileStart)),
    complete('cut in the middle of the file', valid.subarray(0, fileStart + (shape.file.bytes.length >> 1))),
    complete('cut before the closing boundary', valid.subarray(0, closing)),
    complete('closing boundary cut short', valid.subarray(0, closing + BOUNDARY.length)),
    complete('no closing boundary', encodeParts([...fields, file], BOUNDARY, false)),
    // Bodies shorter than announced: the socket is closed after part of the body.
    {
      label: 'Content-Length of the whole body, cut before the file',
      request: {
        headers: { 'content-type': typeOf() },
        body: valid,
        cut: { at: fileStart, framing: 'length' },
      },
    },
    {
      label: 'Content-Length of the whole body, cut mid-file',
      request: {
        headers: { 'content-type': typeOf(), 'content-length': String(valid.length) },
        body: valid,
        cut: { at: fileStart + (shape.file.bytes.length >> 1), framing: 'length' },
      },
    },
    {
      label: 'Content-Length of the whole body, cut just before the closing boundary',
      request: {
        headers: { 'content-type': typeOf() },
        body: valid,
        cut: { at: closing, framing: 'length' },
      },
    },
    {
      label: 'chunked, cut mid-file without the last chunk',
      request: {
        headers: { 'content-type': typeOf() },
        body: valid,
        cut: { at: fileStart + (shape.file.bytes.length >> 1), framing: 'chunked' },
      },
    },
    {
      label: 'chunked, the whole form but no last chunk',
      request: {
        headers: { 'content-type': typeOf() },
        body: valid,
        cut: { at: valid.length, framing: 'chunked' },
      },
    },
    // Parts that are not the file the route wants.
    complete('fields without the file', encodeParts(fields.length > 0 ? fields : [fieldPart('note', 'x')])),
    withFile('the file part without a filename', {
      disposition: `form-data; name="${shape.field}"`,
      type: shape.file.type,
      body: shape.file.bytes,
    }),
    withFile('an empty file', filePart(shape.field, shape.file.name, shape.file.type, Buffer.alloc(0))),
    withFile(
      'the file in a field of another name',
      filePart('wrong', shape.file.name, shape.file.type, shape.file.bytes),
    ),
    withFile(
      'the file in a field with no name',
      filePart('', shape.file.name, shape.file.type, shape.file.bytes),
    ),
    withFile(
      'the file in field[]',
      filePart(`${shape.field}[]`, shape.file.name, shape.file.type, shape.file.bytes),
    ),
    withFile('a part without Content-Disposition', {
      disposition: null,
      type: shape.file.type,
      body: shape.file.bytes,
    }),
    withFile('Content-Disposition without a name', {
      disposition: `form-data; filename="${shape.file.name}"`,
      type: shape.file.type,
      body: shape.file.bytes,
    }),
    withFile('a part header without a colon', { ...file, extraHeaders: ['NoColonHere'] }),
    withFile('a part header of 20,000 characters', {
      ...file,
      extraHeaders: [`X-Long: ${'h'.repeat(20_000)}`],
    }),
    withFile('a filename that climbs out of the folder', {
      ...file,
      disposition: `form-data; name="${shape.field}"; filename="../../../../etc/${shape.file.name}"`,
    }),
    withFile('a filename with a NUL', {
      ...file,
      disposition: `form-data; name="${shape.field}"; filename="a\u0000${shape.file.name}"`,
    }),
    withFile('a filename of 5,000 characters', {
      ...file,
      disposition: `form-data; name="${shape.field}"; filename="${'n'.repeat(5_000)}${shape.file.name}"`,
    }),
    withFile("a filename* in UTF-8 with a lone surrogate's bytes", {
      ...file,
      disposition: `form-data; name="${shape.field}"; filename*=UTF-8''%ED%A0%80${shape.file.name}`,
    }),
    withFile('a filename of invalid UTF-8', {
      ...file,
      disposition: Buffer.concat([
        Buffer.from(`form-data; name="${shape.field}"; filename="`),
        Buffer.from([0xff, 0xfe, 0xc3]),
        Buffer.from(`${shape.file.name}"`),
      ]).toString('latin1'),
    }),
    withFile(
      'a program named as the file',
      filePart(shape.field, 'setup.exe', 'application/x-msdownload', Buffer.from('MZ\x90\x00')),
    ),
    withFile(
      'text content under the file name',
      filePart(shape.field, shape.file.name, shape.file.type, Buffer.from('not really that file')),
    ),
    withFile(
      'only the first bytes of the file',
      filePart(
        shape.field,
        shape.file.name,
        shape.file.type,
        shape.file.bytes.subarray(0, shape.file.bytes.length >> 1),
      ),
    ),
    withFile(
      'a picture header claiming 30000x30000 pixels',
      filePart(shape.field, 'huge.bmp', 'image/bmp', bmpHeader(30_000, 30_000)),
    ),
    complete('two files', encodeParts([...fields, file, file])),
    complete(
      'thirty fields',
      encodeParts([...Array.from({ length: 30 }, (_, i) => fieldPart(`f${i}`, 'x')), ...fields, file]),
    ),
    complete('a field of 100 KB', encodeParts([fieldPart('note', 'x'.repeat(100 * 1024)), ...fields, file])),
    complete('a field with a NUL', encodeParts([fieldPart('note', 'a\u0000b'), ...fields, file])),
    ...Object.keys(shape.fields).map((name) =>
      complete(
        `field ${name} not a number`,
        encodeParts([
          ...fields.filter((f) => !f.disposition?.includes(`"${name}"`)),
          fieldPart(name, '01abc'),
          file,
        ]),
      ),
    ),
    withFile('an oversized file', filePart(shape.field, shape.file.name, shape.file.type, oversized(shape))),
  ];
  return uploads.map((u) => (MAY_PASS.has(u.label) ? { ...u, mayPass: true } : u));
}

/** The file's own bytes, padded to one byte past the route's limit. */
function oversized(shape: UploadShape) {
  const bytes = Buffer.alloc(shape.maxBytes + 1);
  shape.file.bytes.copy(bytes);
  return bytes;
}

/** A BMP's 54-byte header that claims a picture far larger than its bytes. */
function bmpHeader(width: number, height: number) {
  const file = Buffer.alloc(54 + 64);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  return file;
}
