import { ZCreateFormDocumentBody } from '@app/contracts/api/documents';
import { utcToLocal } from '@app/contracts/calendar/time-zone';
import { inParallel } from '../bench/server.ts';
import type { Person } from '../src/auth/person.ts';
import { createDocument } from '../src/documents/commands.ts';
import {
  createFormDocument,
  documentDecider,
  documentStream,
  signDocument,
} from '../src/documents/decide.ts';
import { drawnSignature } from '../src/files/signature.ts';
import { formDefinitionFor } from '../src/forms/definitions.ts';
import { runCommand } from '../src/platform/command.ts';
import { nextId } from '../src/platform/ids.ts';
import { projectFacts } from '../src/projects/facts.ts';
import { at } from './clock.ts';
import { actorFor, DAY, HOUR, type SeedContext, workingMoment } from './context.ts';
import { signatureDataUrl } from './images.ts';
import type { SeededStaff } from './people.ts';
import type { SeededProject } from './projects.ts';

export interface DocumentCounts {
  documents: number;
  signed: number;
  awaitingSignature: number;
}

const TEMPLATE = 'property-permission';
const USER_AGENT =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';

/**
 * `count` property permission forms, filled in by the office from the client's answers and sent for the job
 * (POST /api/documents), most signed by the client in the portal a few days later (PATCH .../sign with a
 * drawn signature, kept as the signature route keeps it).
 */
export async function makeDocuments(
  ctx: SeedContext,
  team: SeededStaff[],
  projects: SeededProject[],
  count: number,
): Promise<DocumentCounts> {
  const random = ctx.random.fork('documents');
  const office = team.find((s) => s.title === 'office') ?? team[0]!;
  const author: Person = { userId: office.userId, role: 'admin', clientId: null };
  const definition = await formDefinitionFor(ctx.deps, TEMPLATE);
  const signatures = await Promise.all(Array.from({ length: 8 }, () => signatureDataUrl(random)));
  const counts: DocumentCounts = { documents: 0, signed: 0, awaitingSignature: 0 };
  const chosen = projects.filter((p) => p.kind.type !== 'website_development');
  const planned = Array.from({ length: Math.min(count, chosen.length) }, (_, i) => {
    const project = chosen[Math.floor((i * chosen.length) / Math.min(count, chosen.length))]!;
    const sentAt = workingMoment(random, project.createdAt + 2 * HOUR, ctx.end);
    const signedAt = workingMoment(random, sentAt + random.int(0, 4) * DAY + HOUR, ctx.end);
    return {
      project,
      sentAt,
      signedAt: signedAt > sentAt && random.chance(0.75) ? signedAt : null,
      signature: random.pick(signatures),
    };
  });
  await inParallel(planned.length, ctx.width, async (i) => {
    const d = planned[i]!;
    const client = d.project.client;
    const body = ZCreateFormDocumentBody.parse({
      title: `Property Permission Form: ${d.project.title}`,
      projectId: d.project.projectId,
      templateType: TEMPLATE,
      formData: {
        ownerName: client.business ? `${client.firstName} ${client.lastName}` : client.name,
        propertyAddress: client.address,
        ownerPhone: client.phone,
        ownerEmail: client.email,
        relationship: client.business ? 'Authorized Agent' : 'Owner',
        permittedWork:
          d.project.kind.type === 'starlink'
            ? ['Install a Starlink dish on the roof or a pole', 'Drill through exterior walls']
            : ['Mount cameras on exterior walls', 'Run cabling through walls and attic'],
        date: utcToLocal(new Date(d.sentAt)).date,
      },
    });
    const documentId = await nextId(ctx.deps.db, 'document_ids');
    await at(d.sentAt, async () => {
      const project = await projectFacts(ctx.deps, d.project.projectId);
      return createDocument(ctx.deps, actorFor(office.userId, 'admin'), {
        documentId,
        replaces: null,
        decide: (state) => createFormDocument(state, { documentId, body, project, author, definition }),
      });
    });
    counts.documents++;
    if (d.signedAt === null) {
      counts.awaitingSignature++;
      return;
    }
    const signer: Person = { userId: client.userId, role: 'client', clientId: client.clientId };
    const { png, file: signatureFile } = drawnSignature(d.signature);
    await at(d.signedAt, () =>
      runCommand(
        ctx.deps,
        documentStream(documentId),
        documentDecider,
        actorFor(client.userId, 'client'),
        (state) =>
          signDocument(state, {
            actor: signer,
            at: new Date().toISOString(),
            ip: '127.0.0.1',
            userAgent: USER_AGENT,
            signatureFile,
          }),
        { beforeAppend: async () => void (await ctx.files.put('documents', png, 'png')) },
      ),
    );
    counts.signed++;
  });
  return counts;
}
