/* global process, console, setTimeout, URL */
import { connect } from 'node:net';

// A client whose requests the judge cannot read as it reads a well-formed one, written on a raw
// socket as no HTTP library would write them: a list whose query string is broken (percent
// signs that encode nothing, a bracket never closed), and a webhook create whose body stops
// halfway, the connection closed before the bytes its Content-Length promised. Used by
// test/client/unparsableRequests.test.ts: each is a finding with its exchange.

const base = new URL(process.env.BANKING_API_BASE_URL);
const authorization = `Bearer ${process.env.BANKING_API_TOKEN}`;

/** Writes `head` and `body` on a connection of its own; resolves when the server answers or the connection ends. */
function raw(head, body, { closeAfterBody = false } = {}) {
  return new Promise((resolve) => {
    const socket = connect(Number(base.port), base.hostname, () => {
      socket.write(`${head}\r\nHost: ${base.host}\r\nAuthorization: ${authorization}\r\n`);
      socket.write(body ? `${body.headers}\r\n\r\n${body.text}` : 'Connection: close\r\n\r\n');
      if (closeAfterBody) setTimeout(() => socket.destroy(), 200);
    });
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('close', () => resolve(answer.split('\r\n')[0] ?? ''));
    socket.on('error', () => resolve(''));
  });
}

const list = await raw('GET /events?page[limit]=%ZZ&filter[since=%E0%A4&sort=%%% HTTP/1.1');
console.log(`broken query: ${list || 'no answer'}`);
const text = '{"data":{"type":"webhook","attributes":{"label":"cut","url":"http://127.0.0.1:9/x"';
const created = await raw(
  'POST /webhooks HTTP/1.1',
  { headers: `Content-Type: application/vnd.api+json\r\nContent-Length: ${text.length * 2}`, text },
  { closeAfterBody: true },
);
console.log(`truncated body: ${created || 'no answer'}`);
