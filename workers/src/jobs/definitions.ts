import { type ConsultationMailDeps, consultationRequestedMail } from './consultation-requested-mail.ts';
import type { AnyJobDefinition } from './define.ts';
import { type DocumentMailDeps, documentSignedMail, documentUploadedMail } from './document-client-mail.ts';
import { type TemporaryPasswordMailDeps, temporaryPasswordMail } from './temporary-password-mail.ts';

/**
 * Every declared job (see `define.ts`). A new job is a file with its `defineJob(...)` and handler, listed here,
 * with what its handler needs added to `WorkerDeps` (given by the composition root).
 */
export const jobDefinitions: readonly AnyJobDefinition[] = [
  temporaryPasswordMail,
  consultationRequestedMail,
  documentSignedMail,
  documentUploadedMail,
];

export type WorkerDeps = TemporaryPasswordMailDeps & ConsultationMailDeps & DocumentMailDeps;

export const findJobDefinition = (id: string) => jobDefinitions.find((d) => d.id === id);
