import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { createMailer, outboxCounts } from '../../../src/services/mail/createMailer';
import type { MailMessage } from '../../../src/services/mail/Mailer';
import { parseMail, startSmtpSink, tempDir, type SmtpSink } from '../notifications/support';

const message = (i: number, extra: Partial<MailMessage> = {}): MailMessage => ({
  to: `user${i}@example.org`,
  subject: `Digest ${i}`,
  text: `Plain body ${i} é`,
  html: `<p>HTML body ${i} é</p>`,
  headers: {
    'List-Unsubscribe': `<https://homes.trawl.co.uk/api/u?act=${i}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  },
  kind: 'test',
  ...extra,
});

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('createMailer', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = tempDir();
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  describe('over SMTP', () => {
    let smtp: SmtpSink;
    beforeEach(async () => {
      smtp = await startSmtpSink();
    });
    afterEach(() => smtp.stop());

    it('delivers a queued message with its headers, text and HTML, and marks it sent', async () => {
      const mailer = createMailer({
        dataDir,
        smtpUrl: `smtp://127.0.0.1:${smtp.port}`,
        from: 'Trawl <alerts@trawl.test>',
      });
      const { id } = await mailer.send(message(1));
      await mailer.flush();
      expect(smtp.messages).to.have.length(1);
      const received = smtp.messages[0]!;
      expect(received.to).to.deep.equal(['user1@example.org']);
      expect(received.from).to.equal('alerts@trawl.test');
      const mail = parseMail(received.raw);
      expect(mail.headers.get('message-id')).to.equal(`<${id}@trawl.test>`);
      expect(mail.headers.get('list-unsubscribe')).to.equal('<https://homes.trawl.co.uk/api/u?act=1>');
      expect(mail.headers.get('list-unsubscribe-post')).to.equal('List-Unsubscribe=One-Click');
      expect(mail.text).to.contain('Plain body 1 é');
      expect(mail.html).to.contain('<p>HTML body 1 é</p>');
      expect(outboxCounts(dataDir)).to.deep.equal({ sent: 1 });
      mailer.close();
    });

    it('loses nothing and doubles nothing through an SMTP outage', async () => {
      const mailer = createMailer({ dataDir, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
      await mailer.send(message(1));
      await mailer.send(message(2));
      await mailer.flush();
      expect(smtp.messages).to.have.length(2);
      await smtp.stop();
      for (let i = 3; i <= 6; i++) await mailer.send(message(i));
      expect(await mailer.flush()).to.equal(0);
      expect(outboxCounts(dataDir)).to.deep.equal({ sent: 2, queued: 4 });
      await smtp.restart();
      expect(await mailer.flush()).to.equal(4);
      expect(await mailer.flush()).to.equal(0);
      const subjects = smtp.messages.map((m) => parseMail(m.raw).headers.get('subject'));
      expect(subjects).to.deep.equal(['Digest 1', 'Digest 2', 'Digest 3', 'Digest 4', 'Digest 5', 'Digest 6']);
      expect(new Set(smtp.messages.map((m) => parseMail(m.raw).headers.get('message-id'))).size).to.equal(6);
      mailer.close();
    });

    it('sends what a previous process queued but never delivered, once', async () => {
      await smtp.stop();
      const first = createMailer({ dataDir, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
      await first.send(message(1));
      await first.flush();
      first.close();
      await smtp.restart();
      const second = createMailer({ dataDir, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
      expect(await second.flush()).to.equal(1);
      expect(await second.flush()).to.equal(0);
      expect(smtp.messages).to.have.length(1);
      second.close();
    });

    it('queues a message with a known idempotency key only once', async () => {
      const mailer = createMailer({ dataDir, smtpUrl: `smtp://127.0.0.1:${smtp.port}` });
      const a = await mailer.send(message(1, { idempotencyKey: 'digest:x' }));
      const b = await mailer.send(message(1, { idempotencyKey: 'digest:x' }));
      expect(b.id).to.equal(a.id);
      await mailer.flush();
      await until(() => smtp.messages.length >= 1);
      expect(smtp.messages).to.have.length(1);
      mailer.close();
    });
  });

  describe('without SMTP', () => {
    it('writes one .eml file per message under <dataDir>/outbox', async () => {
      const mailer = createMailer({ dataDir });
      const { id } = await mailer.send(message(7));
      await mailer.flush();
      const file = path.join(dataDir, 'outbox', `${id}.eml`);
      const mail = parseMail(fs.readFileSync(file, 'utf8'));
      expect(mail.headers.get('to')).to.equal('user7@example.org');
      expect(mail.headers.get('list-unsubscribe-post')).to.equal('List-Unsubscribe=One-Click');
      expect(mail.html).to.contain('HTML body 7');
      expect(fs.readdirSync(path.join(dataDir, 'outbox'))).to.deep.equal([`${id}.eml`]);
      expect(outboxCounts(dataDir)).to.deep.equal({ sent: 1 });
      mailer.close();
    });

    it('refuses header injection', async () => {
      const mailer = createMailer({ dataDir });
      let error: unknown;
      try {
        await mailer.send(message(1, { subject: 'Hi\r\nBcc: x@evil.example' }));
      } catch (e) {
        error = e;
      }
      expect(String(error)).to.match(/one line/);
      mailer.close();
    });
  });
});
