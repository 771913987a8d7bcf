import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import type { Figure } from './figures.ts';
import { type UploadTry, uploadTries } from './job-checks.ts';
import { nextStep } from './ledger.ts';
import { sleep } from './shell.ts';
import { idempotent, type Slice, type SliceContext } from './slice.ts';
import { ask, bodyOf, statusOf } from './steady.ts';

interface Upload {
  kind: 'photo' | 'document';
  /** The photo's file name or the document's title: unique, what finds it afterwards. */
  key: string;
  projectId: number;
  /** Sent right after its project was created (answered `created`: 201, or 202 while the views lag). */
  fresh: string | null;
  tries: { at: number; answer: string }[];
}

/** A multipart form as the browser sends it: its bytes and its content type with the boundary. */
async function form(fields: Record<string, string>, file: { name: string; type: string; bytes: Buffer }) {
  const data = new FormData();
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  data.append('file', new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
  const request = new Request('http://form.invalid', { method: 'POST', body: data });
  return {
    body: Buffer.from(await request.arrayBuffer()),
    type: request.headers.get('content-type') ?? '',
  };
}

/** A small PNG of noise: each one different, so the app's stored JPEG (named by its content) is new too. */
const noisePng = () =>
  sharp(randomBytes(24 * 24 * 3), { raw: { width: 24, height: 24, channels: 3 } })
    .png()
    .toBuffer();

/**
 * Photo and document uploads all through the run, so some meet each fault, and more while Postgres stops and
 * is down; every few uploads a new project is made and a photo sent to it at once (while the views may still
 * lag: a 404 for it is counted as unexpected, answers.ts). Retried
 * as a client retries (503, a cut connection); a document carries an Idempotency-Key. Afterwards: every
 * answer 2xx, 202 or 503 (or a connection a killed process cut), none acknowledged lost, none stored twice.
 */
export function uploads(pauseMs = 500, newProjectEvery = 5): Slice {
  const sent: Upload[] = [];
  const projects: { id: number; answer: string }[] = [];
  let n = 0;

  async function send(ctx: SliceContext, upload: Upload, path: string, headers: Record<string, string>) {
    const file =
      upload.kind === 'photo'
        ? { name: upload.key, type: 'image/png', bytes: await noisePng() }
        : {
            name: `${upload.key.replaceAll(' ', '-')}.txt`,
            type: 'text/plain',
            bytes: Buffer.from(`Faults harness upload ${upload.key}\n${randomBytes(16).toString('hex')}\n`),
          };
    const fields: Record<string, string> =
      upload.kind === 'photo' ? {} : { projectId: String(upload.projectId), title: upload.key };
    const body = await form(fields, file);
    sent.push(upload);
    const sentAt = Date.now();
    for (let attempt = 1; ; attempt++) {
      const at = Date.now();
      const answer = await ctx.http
        .call('POST', path, body.body, 15_000, { ...headers, 'content-type': body.type })
        .catch((e: Error) => e);
      upload.tries.push({ at, answer: statusOf(answer) });
      const step = nextStep(answer, attempt, Date.now() - sentAt, 'client');
      if ('done' in step) return;
      await sleep(step.retryInMs);
    }
  }

  async function newProject(ctx: SliceContext) {
    const person = ctx.people[projects.length % ctx.people.length]!;
    const made = await ask(
      ctx.http,
      'POST',
      '/api/projects',
      {
        clientId: person.clientId,
        title: `Uploads ${ctx.runId} ${projects.length}`,
        type: 'security_cameras',
        status: 'in_progress',
        description: 'Faults harness uploads.',
      },
      idempotent(),
    );
    if (!made.ok) return null;
    const project = { id: bodyOf<{ id: number }>(made, 'uploads project').id, answer: made.name };
    projects.push(project);
    return project;
  }

  return {
    name: 'uploads',
    async during(ctx, _loadEnd, running) {
      let project: { id: number; answer: string } | null = null;
      const upload = async (kind: Upload['kind'], fresh: string | null) => {
        if (!project) return;
        const i = n++;
        const key = kind === 'photo' ? `photo ${ctx.runId} ${i}.png` : `Upload ${ctx.runId} ${i}`;
        const u: Upload = { kind, key, projectId: project.id, fresh, tries: [] };
        if (kind === 'photo') await send(ctx, u, `/api/projects/${project.id}/photos`, {});
        else await send(ctx, u, '/api/documents', idempotent());
      };
      // While Postgres is being stopped and is down, three more uploaders send without pause, so uploads are
      // in flight at the moment it stops (where an unhandled rejection once ended the api) and all through.
      const postgresFault = () => ctx.faults.some((f) => f.name.startsWith('Postgres') && f.to === undefined);
      const surge = async () => {
        while (running()) {
          if (postgresFault()) await upload(n % 2 === 0 ? 'photo' : 'document', null);
          else await sleep(100);
        }
      };
      const surges = Array.from({ length: 3 }, surge);
      let made = 0;
      while (running()) {
        let fresh: string | null = null;
        if (!project || made % newProjectEvery === 0) {
          const p = await newProject(ctx);
          if (p) [project, fresh] = [p, p.answer];
        }
        await upload(fresh || made % 2 === 0 ? 'photo' : 'document', fresh);
        made++;
        await sleep(pauseMs);
      }
      await Promise.all(surges);
    },
    async check(ctx) {
      const photos = await ctx.db.rows<{ key: string; n: string }>(
        `SELECT data->>'name' AS key, count(*) AS n FROM es_events
         WHERE type = 'ProjectPhotoAdded' AND stream_name = ANY($1) GROUP BY 1`,
        [projects.map((p) => `project-${p.id}`)],
      );
      const documents = await ctx.db.rows<{ key: string; n: string }>(
        `SELECT data->>'title' AS key, count(*) AS n FROM es_events
         WHERE type = 'DocumentFileUploaded' AND data->>'title' LIKE $1 GROUP BY 1`,
        [`Upload ${ctx.runId} %`],
      );
      const stored = new Map([...photos, ...documents].map((r) => [r.key, Number(r.n)]));
      const tries: UploadTry[] = sent.map((u) => ({
        what: `${u.kind} ${u.key} (project ${u.projectId})`,
        answers: u.tries.map((t) => t.answer),
        stored: stored.get(u.key) ?? 0,
      }));
      const r = uploadTries(tries);
      const all = sent.flatMap((u) => u.tries.map((t) => t.answer));
      const tally = [...new Set(all)].map((a) => `${a}×${all.filter((x) => x === a).length}`).join(' ');
      // The tries sent while Postgres was fully stopped (their answers are judged with all the others).
      const stops = ctx.faults.filter((f) => f.name.startsWith('Postgres') && f.down && f.up);
      const during = sent.flatMap((u) =>
        u.tries.filter((t) => stops.some((f) => t.at >= f.down! && t.at <= f.up!)).map((t) => t.answer),
      );
      const duringTally = [...new Set(during)]
        .map((a) => `${a}×${during.filter((x) => x === a).length}`)
        .join(' ');
      const fresh = sent.filter((u) => u.fresh !== null);
      const figures: Figure[] = [
        {
          label: 'uploads answered',
          value: `${r.sent} sent (${sent.filter((u) => u.kind === 'photo').length} photos, ${sent.filter((u) => u.kind === 'document').length} documents), ${r.acknowledged} acknowledged; answers ${tally}; ${r.badAnswers.length} other than 2xx/503`,
          target: '0 other',
          pass: r.badAnswers.length === 0 && r.sent > 0,
        },
        {
          label: 'uploads while Postgres was stopped',
          value: `${during.length} tries (${duringTally || 'none'})`,
          target: 'some',
          pass: during.length > 0,
        },
        {
          label: 'photos to a project just created',
          value: `${fresh.length} (its creation answered ${[...new Set(fresh.map((u) => u.fresh))].join('/')}); ${fresh.filter((u) => u.tries.some((t) => t.answer === '404')).length} answered 404`,
          target: '0 404',
          pass: fresh.every((u) => !u.tries.some((t) => t.answer === '404')),
        },
        {
          label: 'uploads acknowledged and found afterwards',
          value: `${r.acknowledged - r.lost.length} of ${r.acknowledged} (lost ${r.lost.length}, stored twice ${r.twice.length})`,
          target: '0 lost, 0 twice',
          pass: r.lost.length === 0 && r.twice.length === 0,
        },
      ];
      return {
        figures,
        details: [
          ...r.badAnswers.slice(0, 8).map((x) => `upload answered: ${x}`),
          ...r.lost.slice(0, 5).map((x) => `upload lost: ${x}`),
          ...r.twice.slice(0, 5).map((x) => `upload twice: ${x}`),
        ],
      };
    },
  };
}
