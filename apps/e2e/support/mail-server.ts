// The mail server of the end-to-end suite: SMTP on 127.0.0.1 for the app (SMTP_URL), and the mails
// it received, by recipient, over HTTP for the tests (GET /mails?to=address).
import { createServer } from 'node:http';
import { startMailCatcher } from '../../server/test/support/mail-catcher';
import { ports } from './stripe-settings';

const catcher = await startMailCatcher(ports.smtp);
createServer((request, response) => {
  const to = new URL(request.url ?? '/', 'http://127.0.0.1').searchParams.get('to');
  response.setHeader('content-type', 'application/json');
  response.end(JSON.stringify(catcher.mails.filter((mail) => to !== null && mail.to.includes(to))));
}).listen(ports.mailbox, '127.0.0.1', () => console.log(`mail server on ${catcher.url}, mailbox on :${ports.mailbox}`));
