import { BUSINESS_TIME_ZONE } from '@app/contracts/api/consultations';
import type { TDocumentEvent } from '@app/contracts/events/documents';
import type { StoredEvent } from '@app/contracts/events/envelope';
import { type Kysely, sql } from 'kysely';
import { z } from 'zod';
import type { OutgoingMail } from '../mail/mailer.ts';
import type { JobContext } from './define.ts';
import { defineJob } from './define.ts';

export interface DocumentMailDeps {
  db: Kysely<unknown>;
  publicUrl: string;
  readStream(stream: string): Promise<StoredEvent[]>;
}

/** What the admins are told: who did what to which document of which project. */
export interface DocumentNews {
  action: 'signed' | 'uploaded';
  clientName: string;
  title: string;
  /** The uploaded file's own name (uploads only). */
  filename: string | null;
  projectTitle: string | null;
  at: string;
}

const businessTime = new Intl.DateTimeFormat('en-US', {
  timeZone: BUSINESS_TIME_ZONE,
  dateStyle: 'medium',
  timeStyle: 'short',
});
/** "Nov 24, 2026, 12:37 AM AKST": the business's own time, with its zone. */
const when = (iso: string) =>
  `${businessTime.format(new Date(iso))} ${
    new Intl.DateTimeFormat('en-US', { timeZone: BUSINESS_TIME_ZONE, timeZoneName: 'short' })
      .formatToParts(new Date(iso))
      .find((p) => p.type === 'timeZoneName')?.value ?? ''
  }`.trimEnd();

/** The mail telling the admins that a client signed a form or uploaded a file. */
export function documentMailFor(
  news: DocumentNews,
  admins: readonly string[],
  publicUrl: string,
): OutgoingMail {
  const panel = new URL('/admin?view=documents', publicUrl).toString();
  const what = news.action === 'signed' ? 'signed' : 'uploaded';
  return {
    to: admins.join(', '),
    // No quotes: the subject stays plain ASCII text instead of an encoded word when the names are.
    subject: `${news.clientName} ${what}: ${news.title}`,
    text: [
      news.action === 'signed'
        ? `${news.clientName} signed the form "${news.title}".`
        : `${news.clientName} uploaded "${news.title}" for staff review.`,
      '',
      `  Client: ${news.clientName}`,
      `  Project: ${news.projectTitle ?? 'Unassigned'}`,
      `  Document: ${news.title}`,
      ...(news.filename ? [`  File: ${news.filename}`] : []),
      `  ${news.action === 'signed' ? 'Signed' : 'Uploaded'} at: ${when(news.at)}`,
      '',
      `See it in the Documents panel: ${panel}`,
    ].join('\n'),
  };
}

type Deps = DocumentMailDeps;

/**
 * The document as its own stream has it (how it was made) and the event that started the job. The client and
 * project names come from their views, which the job waits for.
 */
async function documentFacts(ctx: JobContext, deps: Deps) {
  const events = await deps.readStream(ctx.event.stream);
  const started = events.find((e) => e.id === ctx.event.id);
  if (!started) throw new Error(`Event ${ctx.event.id} is not in ${ctx.event.stream}`);
  const made = events
    .map((e) => e as unknown as TDocumentEvent)
    .find((e) => e.type === 'DocumentFormCreated' || e.type === 'DocumentFileUploaded');
  if (!made || (made.type !== 'DocumentFormCreated' && made.type !== 'DocumentFileUploaded'))
    throw new Error(`${ctx.event.stream} has no creation event`);
  return { started, made: made.data };
}

async function tellAdmins(
  ctx: JobContext,
  deps: Deps,
  news: Omit<DocumentNews, 'clientName' | 'projectTitle'> & {
    clientId: number | null;
    projectId: number | null;
  },
) {
  const { rows: admins } = await sql<{
    email: string;
  }>`SELECT email FROM rm.users WHERE role = 'admin' ORDER BY id`.execute(deps.db);
  if (admins.length === 0) return { sent: false, reason: 'no admin to tell' };
  const { rows: clients } = await sql<{ name: string }>`
    SELECT name FROM rm.clients WHERE id = ${news.clientId}`.execute(deps.db);
  const { rows: projects } = await sql<{ title: string }>`
    SELECT title FROM rm.projects WHERE id = ${news.projectId}`.execute(deps.db);
  const mail = documentMailFor(
    {
      action: news.action,
      clientName: clients[0]?.name ?? 'A client',
      title: news.title,
      filename: news.filename,
      projectTitle: projects[0]?.title ?? null,
      at: news.at,
    },
    admins.map((a) => a.email),
    deps.publicUrl,
  );
  const { messageId } = await ctx.sendMail(mail);
  return { sent: true, messageId };
}

const VIEWS = ['users', 'clients', 'projects'] as const;

/** Tells every admin, once, that a client signed a form (a signature by staff tells no one). */
export const documentSignedMail = defineJob({
  id: 'document.signed.mail',
  version: 1,
  queue: 'mail',
  payload: z.object({ documentId: z.number().int() }),
  startedBy: 'DocumentSigned',
  payloadFor: (data) => ({ documentId: data.documentId }),
  waitsFor: VIEWS,
  async handle(_payload, ctx, deps: Deps) {
    const { started, made } = await documentFacts(ctx, deps);
    const signed = started as unknown as Extract<TDocumentEvent, { type: 'DocumentSigned' }>;
    if (signed.data.signerRole === 'admin') return { sent: false, reason: 'signed by staff' };
    return tellAdmins(ctx, deps, {
      action: 'signed',
      title: made.title,
      filename: null,
      at: signed.data.signedAt,
      clientId: made.clientId,
      projectId: made.projectId,
    });
  },
});

/** Tells every admin, once, that a client uploaded a file (an upload by staff tells no one). */
export const documentUploadedMail = defineJob({
  id: 'document.uploaded.mail',
  version: 1,
  queue: 'mail',
  payload: z.object({ documentId: z.number().int() }),
  startedBy: 'DocumentFileUploaded',
  payloadFor: (data) => ({ documentId: data.documentId }),
  waitsFor: VIEWS,
  async handle(_payload, ctx, deps: Deps) {
    const { started } = await documentFacts(ctx, deps);
    const role = started.metadata.actorRole;
    if (role === 'admin' || role === 'system') return { sent: false, reason: 'uploaded by staff' };
    const uploaded = started as unknown as Extract<TDocumentEvent, { type: 'DocumentFileUploaded' }>;
    return tellAdmins(ctx, deps, {
      action: 'uploaded',
      title: uploaded.data.title,
      filename: uploaded.data.filename,
      at: started.metadata.occurredAt,
      clientId: uploaded.data.clientId,
      projectId: uploaded.data.projectId,
    });
  },
});
