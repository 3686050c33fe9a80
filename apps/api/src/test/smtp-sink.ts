// A real SMTP server for end-to-end runs, with what it received readable over HTTP (JSON):
//   node apps/api/src/test/smtp-sink.ts <smtpPort> <httpPort>
// The storefront delivers to it over SMTP; Playwright tests read codes and links from /messages.
import http from 'node:http';
import { startSmtp } from './smtp.ts';

const [smtpPort, httpPort] = process.argv.slice(2).map(Number);
const smtp = await startSmtp(smtpPort);
http
  .createServer((req, res) => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/health') return res.end('{"ok":true}');
    res.end(JSON.stringify(smtp.received.map(({ to, subject, text }) => ({ to, subject, text }))));
  })
  .listen(httpPort, '127.0.0.1', () => console.log(`smtp sink: smtp ${smtp.port}, http ${httpPort}`));
