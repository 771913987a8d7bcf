import { describe, expect, it } from 'vitest';
import { excerptOf, messageMailFor } from './message-client-mail.ts';

describe('message mail', () => {
  it('quotes a short message whole and cuts a long one at a word, with an ellipsis', () => {
    expect(excerptOf('  Hello\n\nthere  ')).toBe('Hello there');
    const long = 'word '.repeat(100);
    const cut = excerptOf(long, 50);
    expect(cut.length).toBeLessThanOrEqual(51);
    expect(cut).toMatch(/word…$/);
  });

  it('says who wrote, what, and links to the portal', () => {
    const mail = messageMailFor(
      {
        senderName: 'Sam Staff',
        content: 'Your install is Tuesday',
        clientName: 'Cleo',
        to: 'cleo@example.com',
      },
      'https://example.com',
    );
    expect(mail.to).toBe('cleo@example.com');
    expect(mail.subject).toBe('New message from Sam Staff');
    expect(mail.text).toContain('Sam Staff sent you a message:');
    expect(mail.text).toContain('Your install is Tuesday');
    expect(mail.text).toContain('https://example.com/client');
  });
});
