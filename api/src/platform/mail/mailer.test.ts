import { describe, expect, it } from 'vitest';
import { withReplyTo, type Mail, type Mailer } from './mailer.js';

const mail = (to: string): Mail => ({ to, subject: 'Hello', text: 'Hello.', html: '<p>Hello.</p>' });

describe('mails that take the seller’s address to reply to', () => {
  it('read it once for the mails sent at once, and again for a later one', async () => {
    const sent: Mail[] = [];
    const inner: Mailer = { kind: 'outbox', send: async (sending) => void sent.push(sending), close: () => undefined };
    let reads = 0;
    const mailer = withReplyTo(inner, async () => `seller${(reads += 1)}@atelier.test`);
    await Promise.all(['a', 'b', 'c'].map((name) => mailer.send(mail(`${name}@example.test`))));
    await mailer.send({ ...mail('d@example.test'), replyTo: 'shopper@example.test' });
    await mailer.send(mail('e@example.test'));
    expect(reads).toBe(2);
    expect(sent.map((each) => each.replyTo)).toEqual([
      'seller1@atelier.test',
      'seller1@atelier.test',
      'seller1@atelier.test',
      'shopper@example.test',
      'seller2@atelier.test',
    ]);
  });
});
