import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  to: string[];
  subject: string;
  /** The body, quoted-printable decoded. */
  text: string;
}

/** Quoted-printable as nodemailer writes French text: soft line breaks and =XX bytes (UTF-8). */
function decodeQuotedPrintable(body: string): string {
  const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => `%${hex}`);
  return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/g, '%25'));
}

/** An SMTP server on 127.0.0.1 (any free port by default) that keeps every mail it receives. */
export async function startMailCatcher(port = 0) {
  const mails: CaughtMail[] = [];
  const waiting: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const split = raw.indexOf('\r\n\r\n');
        const subject = /^Subject: (.*)$/m.exec(raw.slice(0, split))?.[1] ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject,
          text: decodeQuotedPrintable(raw.slice(split + 4)),
        });
        for (const wake of waiting.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    mails,
    /** The first mail to `address`, once it has arrived. */
    async mailTo(address: string): Promise<CaughtMail> {
      for (;;) {
        const mail = mails.find((caught) => caught.to.includes(address));
        if (mail) return mail;
        await new Promise<void>((resolve) => waiting.push(resolve));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
