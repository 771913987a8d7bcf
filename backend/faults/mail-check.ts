import type { Found } from './found.ts';
import { tally } from './integrity.ts';
import type { CommandRecord } from './ledger.ts';

const CONSULTATION_SUBJECT = 'New consultation request from ';
const TEMP_PASSWORD_SUBJECT = 'Your sign-in details';

/** The name the run gave the consultation request with this e-mail (`c-<tag>@…` was sent as `Faults <tag>`). */
const consultationName = (email: string) => `Faults ${email.slice(2, email.indexOf('@'))}`;

/** Mails expected from what is stored (and acknowledged), against the outbox. */
export function mails(records: CommandRecord[], f: Found) {
  const bySubjectTo = tally(f.outbox.mails, (m) => `${m.subject}|${m.to}`);
  const bySubject = tally(f.outbox.mails, (m) => m.subject);
  const matched = new Set<string>();
  let expected = 0;
  let sent = 0;
  const lost: string[] = [];
  const duplicated: string[] = [];
  const count = (what: string, want: number, got: number) => {
    expected += want;
    sent += Math.min(want, got);
    if (got < want) lost.push(`${what}: ${want} expected, ${got} sent`);
    if (got > want) duplicated.push(`${what}: ${want} expected, ${got} sent`);
  };
  for (const [key, group] of tally(records, (r) => `${r.kind} ${r.key}`)) {
    const r = group[0]!;
    const acknowledged = group.some((g) => g.outcome === 'acknowledged') ? 1 : 0;
    if (r.kind === 'consultation') {
      const want = Math.max(f.consultations.get(r.key) ?? 0, acknowledged);
      const subject = `${CONSULTATION_SUBJECT}${consultationName(r.key)}`;
      count(`admin mail for ${key}`, want, bySubject.get(subject)?.length ?? 0);
      for (const mail of bySubject.get(subject) ?? []) matched.add(mail.file);
    } else if (r.kind === 'portal-client') {
      const want = Math.max(f.users.get(r.key) ?? 0, acknowledged);
      const got = bySubjectTo.get(`${TEMP_PASSWORD_SUBJECT}|${r.key}`) ?? [];
      count(`password mail for ${key}`, want, got.length);
      for (const mail of got) matched.add(mail.file);
    }
  }
  const unmatched = f.outbox.mails.filter((mail) => !matched.has(mail.file)).length;
  return { expected, sent, lost, duplicated, unmatched };
}
