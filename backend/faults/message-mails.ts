import { countKeys, exactlyOnce } from './job-checks.ts';
import { sleep } from './shell.ts';
import { onceFigure, type Slice } from './slice.ts';
import { ask } from './steady.ts';

const SUBJECT = 'New message from ';

/**
 * Staff messages to the run's portal clients under the faults. The messaging slice mails an away client at
 * most once per conversation in 15 minutes (workers/src/jobs/message-client-mail.ts), and the run is shorter:
 * so each client that was sent a message gets exactly one mail, however many messages and faults.
 */
export function messageMails(everyMs = 1_500): Slice {
  const sent = new Map<string, number>();
  const refused: string[] = [];
  let n = 0;
  return {
    name: 'message mails',
    async during(ctx, _loadEnd, running) {
      while (running()) {
        const person = ctx.people[n % ctx.people.length]!;
        const r = await ask(ctx.http, 'POST', '/api/messages', {
          clientId: person.clientId,
          content: `Faults harness message ${ctx.runId} ${++n}: your cameras are checked.`,
        });
        if (r.ok) sent.set(person.email, (sent.get(person.email) ?? 0) + 1);
        else refused.push(`${person.email}: ${r.name}`);
        await sleep(everyMs);
      }
    },
    async check(ctx, found) {
      const emails = new Set(ctx.people.map((p) => p.email));
      const mails = found.outbox.mails.filter((m) => m.subject.startsWith(SUBJECT) && emails.has(m.to));
      const once = exactlyOnce(
        new Map([...sent.keys()].map((e) => [e, 1])),
        countKeys(mails.map((m) => m.to)),
      );
      const part = onceFigure('message mail per client written to', once);
      return {
        figures: [
          part.figure,
          {
            label: 'messages sent',
            value: `${[...sent.values()].reduce((s, x) => s + x, 0)} acknowledged to ${sent.size} clients, ${refused.length} not`,
            target: '0 not acknowledged',
            pass: refused.length === 0,
          },
        ],
        details: [...part.details, ...refused.slice(0, 3).map((r) => `message not acknowledged: ${r}`)],
      };
    },
  };
}
