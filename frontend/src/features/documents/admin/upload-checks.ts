import {
  DOCUMENT_EXTENSIONS,
  DOCUMENT_MAX_BYTES,
  documentInvalidTypeMessage,
  documentTooLargeMessage,
} from '@app/contracts/api/documents';
import { CONVERT_UNSUPPORTED } from '@app/contracts/api/forms';

export type FileProblem = { title: string; description: string };
type FileLike = { name: string; type: string; size: number };

const extensionOf = (name: string) => /\.([A-Za-z0-9]+)$/.exec(name)?.[1]?.toLowerCase() ?? '';

/**
 * Why a file cannot be uploaded as a document (spec part 2, section 5: these types, at most 25 MB),
 * with the contract's messages; null when it can. The server checks the content again.
 */
export function documentFileProblem(file: FileLike): FileProblem | null {
  if (!(DOCUMENT_EXTENSIONS as readonly string[]).includes(extensionOf(file.name)))
    return { title: 'Unsupported file type', description: documentInvalidTypeMessage(file.name) };
  if (file.size > DOCUMENT_MAX_BYTES)
    return { title: 'File too large', description: documentTooLargeMessage(file.name) };
  return null;
}

/** Splits a choice of files into those to upload and the refusals to show. */
export function sortDocumentFiles<F extends FileLike>(files: readonly F[]) {
  const accepted: F[] = [];
  const problems: FileProblem[] = [];
  for (const file of files) {
    const problem = documentFileProblem(file);
    if (problem) problems.push(problem);
    else accepted.push(file);
  }
  return { accepted, problems };
}

const CONVERT_TYPES: Record<string, readonly string[]> = {
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  png: ['image/png'],
  jpg: ['image/jpeg'],
  jpeg: ['image/jpeg'],
};

/**
 * Convert Document to Form takes PDF, Word (doc, docx), PNG and JPEG (spec part 2, section 5), known by
 * the browser's type or, when the browser gives none, by the name.
 */
export function convertFileProblem(file: Pick<FileLike, 'name' | 'type'>): FileProblem | null {
  const known = Object.values(CONVERT_TYPES).flat();
  const byType = file.type !== '' && known.includes(file.type);
  const untyped = file.type === '' || file.type === 'application/octet-stream';
  const byName = untyped && extensionOf(file.name) in CONVERT_TYPES;
  return byType || byName ? null : { title: 'Unsupported file type', description: CONVERT_UNSUPPORTED };
}
