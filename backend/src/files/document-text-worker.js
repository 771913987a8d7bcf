// Reads the text of an uploaded document (PDF text layer, Word .docx, Word .doc) off the main thread, for
// "Convert Document to Form". The readers are JavaScript: a large or hostile file (a zip bomb that lies about
// its sizes, a PDF of endless pages) would stall every request on the main thread; here it is bounded by the
// worker's memory limit and the caller's timeout, which ends the thread. Plain JavaScript, so a worker thread
// loads it without a TypeScript loader (tsx and vitest alike).
import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';
import WordExtractor from 'word-extractor';

/**
 * @param {{ kind: 'pdf' | 'docx' | 'doc', bytes: Uint8Array }} task
 * @returns {Promise<{ text: string } | { problem: 'encrypted' | 'unreadable' }>}
 */
export default async function read({ kind, bytes }) {
  try {
    if (kind === 'pdf') return await pdfText(bytes);
    const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
    if (kind === 'docx') return { text: (await mammoth.extractRawText({ buffer })).value };
    if (kind === 'doc') return { text: (await new WordExtractor().extract(buffer)).getBody() };
    return { problem: 'unreadable' };
  } catch (err) {
    return { problem: err?.name === 'PasswordException' ? 'encrypted' : 'unreadable' };
  }
}

async function pdfText(bytes) {
  const pdf = await getDocumentProxy(new Uint8Array(bytes), {
    isEvalSupported: false,
    stopAtErrors: true,
    verbosity: 0,
  });
  try {
    // A PDF encrypted with an empty user password opens without one; it is still someone's protected copy.
    const { info } = await pdf.getMetadata();
    if (info?.EncryptFilterName) return { problem: 'encrypted' };
    const { text } = await extractText(pdf, { mergePages: false });
    return { text: text.join('\n\n') };
  } finally {
    await pdf.cleanup?.();
  }
}
