import type { Mailer } from '@atelier/api';
import type { FastifyBaseLogger } from 'fastify';
import { createTransport } from 'nodemailer';

/** E-mail through an SMTP server (`smtp://` or `smtps://user:pass@host:port`), with nodemailer. */
export function smtpMailer(smtpUrl: string, from: string, log: FastifyBaseLogger): Mailer & { close(): void } {
  const transport = createTransport(smtpUrl);
  return {
    deliver(message) {
      transport.sendMail({ from, ...message }).then(
        () => log.info({ to: message.to, subject: message.subject }, 'mail sent'),
        (error: unknown) => log.error({ err: error, subject: message.subject }, 'mail not sent'),
      );
    },
    close: () => transport.close(),
  };
}
