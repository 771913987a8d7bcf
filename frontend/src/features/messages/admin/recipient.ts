/** A New Message recipient as the dialog holds it: `client:<id>` or `user:<id>`. */
export type Recipient = { kind: 'client' | 'user'; id: number };

export function parseRecipient(value: string): Recipient | null {
  const match = /^(client|user):(\d+)$/.exec(value);
  return match ? { kind: match[1] as Recipient['kind'], id: Number(match[2]) } : null;
}

/** The recipient part of POST /api/messages/internal. */
export const recipientBody = (recipient: Recipient) => ({
  isAdminMessage: true as const,
  messageType: 'internal' as const,
  ...(recipient.kind === 'client' ? { clientId: recipient.id } : { userId: recipient.id }),
});
