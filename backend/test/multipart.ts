/** A multipart/form-data request body and its content type, as a browser sends it (one file, last). */
export interface EncodedForm {
  contentType: string;
  body: Buffer;
}

/** Text fields, then one file part, encoded by hand so a test can spoil any byte of it. */
export function formBody(
  fields: Record<string, string>,
  file: { field: string; name: string; type: string; bytes: Buffer },
  boundary = '----NorthernGuardTestBoundary7MA4YWxk',
): EncodedForm {
  const head = (disposition: string, type?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; ${disposition}\r\n${type ? `Content-Type: ${type}\r\n` : ''}\r\n`;
  const parts = Object.entries(fields).map(([name, value]) => `${head(`name="${name}"`)}${value}\r\n`);
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    body: Buffer.concat([
      Buffer.from(parts.join('')),
      Buffer.from(head(`name="${file.field}"; filename="${file.name}"`, file.type)),
      file.bytes,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** The landmarks of an encoded form whose last part is its file (formBody's, or FormData's as undici encodes it). */
function landmarks(form: EncodedForm) {
  const boundary = /boundary=("?)([^";]+)\1/i.exec(form.contentType)?.[2];
  if (!boundary) throw new Error(`no boundary in ${form.contentType}`);
  const text = form.body.toString('latin1');
  const lastHead = text.lastIndexOf(`--${boundary}\r\n`);
  const dataStart = text.indexOf('\r\n\r\n', lastHead) + 4;
  const closing = text.lastIndexOf(`\r\n--${boundary}--`);
  const filename = /filename="([^"]*)"/.exec(text.slice(lastHead, dataStart))?.[1] ?? '';
  return { boundary, text, lastHead, dataStart, closing, filename };
}

const cut = (form: EncodedForm, end: number): EncodedForm => ({ ...form, body: form.body.subarray(0, end) });

/**
 * Ways a multipart body can fail to follow its own boundaries, each made from a valid form: what the
 * security probe sent (no boundary, a body cut in the middle of a part, a part's head without its file)
 * and its neighbours. `message` is the refusal's text when it is not the generic "could not be read".
 */
export const brokenForms: readonly {
  name: string;
  spoil(form: EncodedForm): EncodedForm;
  message?: (filename: string) => string;
}[] = [
  { name: 'no boundary', spoil: (f) => ({ ...f, contentType: 'multipart/form-data' }) },
  { name: 'an empty boundary', spoil: (f) => ({ ...f, contentType: 'multipart/form-data; boundary=' }) },
  {
    name: 'a boundary the body does not use',
    spoil: (f) => ({ ...f, contentType: 'multipart/form-data; boundary=not-the-one-used' }),
  },
  {
    name: 'a boundary longer than 70 characters',
    spoil: (f) => {
      const { boundary, text } = landmarks(f);
      const long = 'b'.repeat(300);
      return {
        contentType: `multipart/form-data; boundary=${long}`,
        body: Buffer.from(text.replaceAll(boundary, long), 'latin1'),
      };
    },
  },
  { name: 'no boundary line at all', spoil: (f) => ({ ...f, body: Buffer.from('just some bytes\r\n') }) },
  {
    name: 'a body cut inside a part head',
    spoil: (f) => cut(f, landmarks(f).lastHead + landmarks(f).boundary.length + 12),
  },
  { name: 'a part head without its file (cut after the head)', spoil: (f) => cut(f, landmarks(f).dataStart) },
  {
    name: 'a body cut in the middle of the file',
    spoil: (f) => {
      const { dataStart, closing } = landmarks(f);
      return cut(f, dataStart + Math.max(1, Math.floor((closing - dataStart) / 2)));
    },
  },
  { name: 'no closing boundary', spoil: (f) => cut(f, landmarks(f).closing) },
  {
    name: 'a file part with no bytes',
    spoil: (f) => {
      const { dataStart, closing } = landmarks(f);
      return { ...f, body: Buffer.concat([f.body.subarray(0, dataStart), f.body.subarray(closing)]) };
    },
    message: (filename) => `The file ${filename} is empty.`,
  },
];

/** The file name of an encoded form's file part (what a refusal names). */
export const filenameOf = (form: EncodedForm) => landmarks(form).filename;
