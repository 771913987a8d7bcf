import { CONVERT_UNSUPPORTED, type TConvertToFormAnswer } from '@app/contracts/api/forms';
import { fileTypeFromBuffer } from 'file-type';
import { documentText, type TextKind } from '../files/document-text.ts';
import { emptySection, proposeForm } from './convert.ts';

/**
 * "Convert Document to Form" for one uploaded file: its kind by content (magic bytes) as well as by name,
 * the checks that keep a hostile file from costing much (a zip bomb, an encrypted or truncated PDF), the text
 * read in a worker thread, then the proposal. Nothing is stored: the admin saves the form from the builder.
 */
export type ConvertKind = TextKind | 'image';

/** A refusal: the message the admin sees, answered as a 400. */
export class ConvertRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConvertRefused';
  }
}

/** What the content must be for each accepted name (file-type's names). */
const CONTENT_OF: Record<string, { kind: ConvertKind; content: readonly string[] }> = {
  pdf: { kind: 'pdf', content: ['pdf'] },
  // Office Open XML is a zip; file-type names it docx when the parts it looks for come first.
  docx: { kind: 'docx', content: ['docx', 'zip'] },
  doc: { kind: 'doc', content: ['cfb'] },
  png: { kind: 'image', content: ['png'] },
  jpg: { kind: 'image', content: ['jpg'] },
  jpeg: { kind: 'image', content: ['jpg'] },
};

const extensionOf = (fileName: string) =>
  fileName.includes('.') ? (fileName.split('.').pop() ?? '').toLowerCase() : '';

/** The file's kind, when both its name and its content are one the conversion reads. */
export async function convertKindOf(bytes: Buffer, fileName: string): Promise<ConvertKind> {
  const accepted = CONTENT_OF[extensionOf(fileName)];
  if (!accepted) throw new ConvertRefused(CONVERT_UNSUPPORTED);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !accepted.content.includes(detected.ext)) throw new ConvertRefused(CONVERT_UNSUPPORTED);
  return accepted.kind;
}

/** A Word file unpacks to at most this much, in at most this many parts (a real one is far below both). */
export const DOCX_MAX_UNPACKED_BYTES = 50 * 1024 * 1024;
export const DOCX_MAX_ENTRIES = 2000;

/**
 * Reads a zip's central directory (without unpacking anything) and refuses one that says it unpacks to more
 * than a Word document could, or has too many parts, or is no Word document. Sizes a zip lies about are
 * bounded by the worker thread's memory limit and timeout.
 */
export function checkWordZip(bytes: Buffer, fileName: string) {
  const unreadable = new ConvertRefused(
    `The Word document ${fileName} could not be read. Please upload a document that opens in Word.`,
  );
  const bomb = new ConvertRefused(
    `The Word document ${fileName} unpacks to more than 50 MB, which no form needs. Please upload the document itself.`,
  );
  // The end-of-central-directory record: in the last 64 KiB + 22 bytes (after an optional comment).
  const EOCD = 0x06054b50;
  let end = -1;
  for (let at = bytes.length - 22; at >= Math.max(0, bytes.length - 22 - 0xffff); at--) {
    if (bytes.readUInt32LE(at) === EOCD) {
      end = at;
      break;
    }
  }
  if (end < 0) throw unreadable;
  const entries = bytes.readUInt16LE(end + 10);
  const directoryAt = bytes.readUInt32LE(end + 16);
  // ZIP64 (entries or offsets past the 16/32-bit fields) is no Word document this product needs.
  if (entries === 0xffff || directoryAt === 0xffffffff) throw bomb;
  if (entries > DOCX_MAX_ENTRIES) throw bomb;
  let total = 0;
  let hasDocument = false;
  let at = directoryAt;
  for (let i = 0; i < entries; i++) {
    if (at + 46 > bytes.length || bytes.readUInt32LE(at) !== 0x02014b50) throw unreadable;
    const unpacked = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    if (unpacked === 0xffffffff) throw bomb;
    total += unpacked;
    if (total > DOCX_MAX_UNPACKED_BYTES) throw bomb;
    const name = bytes.toString('utf8', at + 46, at + 46 + nameLength);
    if (name === 'word/document.xml') hasDocument = true;
    at += 46 + nameLength + extraLength + commentLength;
  }
  if (!hasDocument) throw unreadable;
}

/** A PDF ends with `%%EOF` (within its last kilobyte): one that does not was cut off on the way. */
export function checkPdfComplete(bytes: Buffer, fileName: string) {
  const tail = bytes.subarray(Math.max(0, bytes.length - 1024)).toString('latin1');
  if (!tail.includes('%%EOF'))
    throw new ConvertRefused(
      `The PDF ${fileName} is incomplete (it may have been cut off while uploading or copying). Please upload the whole file.`,
    );
}

const titleOf = (fileName: string) => proposeForm('', fileName).formTitle;

/** Converts one uploaded file into a proposed form, or throws ConvertRefused with the reason. */
export async function convertToForm(
  bytes: Buffer,
  fileName: string,
  options: { timeoutMs?: number } = {},
): Promise<TConvertToFormAnswer> {
  const kind = await convertKindOf(bytes, fileName);
  // A picture has no text to read: the admin fills the form in by hand.
  if (kind === 'image')
    return { success: true, formTitle: titleOf(fileName), formSections: [emptySection()], error: null };
  if (kind === 'pdf') checkPdfComplete(bytes, fileName);
  if (kind === 'docx') checkWordZip(bytes, fileName);
  const read = await documentText(kind, bytes, options.timeoutMs);
  if ('problem' in read) {
    switch (read.problem) {
      case 'encrypted':
        throw new ConvertRefused(
          `The PDF ${fileName} is password-protected (encrypted). Please upload a copy without a password.`,
        );
      case 'too_slow':
        throw new ConvertRefused(
          `Reading ${fileName} took too long. Please upload a smaller document, or build the form by hand.`,
        );
      case 'unreadable':
        throw new ConvertRefused(
          kind === 'pdf'
            ? `The PDF ${fileName} could not be read. Please upload a PDF that opens in a PDF reader.`
            : `The Word document ${fileName} could not be read. Please upload a document that opens in Word.`,
        );
      default: {
        const unhandled: never = read.problem;
        throw new Error(`unhandled problem ${String(unhandled)}`);
      }
    }
  }
  return { success: true, ...proposeForm(read.text, fileName), error: null };
}
