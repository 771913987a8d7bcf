import Piscina from 'piscina';

export type TextKind = 'pdf' | 'docx' | 'doc';
export type DocumentText = { text: string } | { problem: 'encrypted' | 'unreadable' | 'too_slow' };

/** One worker thread for reading documents' text, started on first use and stopped when idle. */
let pool: Piscina | undefined;
const workers = () => {
  pool ??= new Piscina({
    filename: new URL('./document-text-worker.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: 1,
    idleTimeout: 30_000,
    // A file that unpacks to far more than it said (a zip bomb) ends the thread, not the server.
    resourceLimits: { maxOldGenerationSizeMb: 512, maxYoungGenerationSizeMb: 64 },
  });
  return pool;
};

/**
 * The text of a PDF (its text layer), a .docx or a .doc, read in the worker thread. A read past `timeoutMs` is
 * aborted, which ends that thread (a new one starts); so is one that runs out of memory.
 */
export async function documentText(kind: TextKind, bytes: Buffer, timeoutMs = 20_000): Promise<DocumentText> {
  try {
    return await workers().run({ kind, bytes }, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    if (err instanceof Error && err.name === 'AbortError') return { problem: 'too_slow' };
    // ERR_WORKER_OUT_OF_MEMORY and the like: the file asked for more than a document may.
    return { problem: 'unreadable' };
  }
}
