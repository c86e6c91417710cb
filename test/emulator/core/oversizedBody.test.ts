import { once } from 'node:events';
import type { Socket } from 'node:net';
import { expect, test } from 'vitest';
import { UNREAD_BODY_LINGER } from '../../../emulator/core/connectionLimits.ts';
import { emulatorPerFile } from '../../support/emulatorPerFile.ts';
import { createKnownIds } from '../fuzz/fuzzTarget.ts';
import { closed, openSocket, readAnswer } from '../../support/rawConnection.ts';

// A body beyond an operation's limit is refused early: a client declaring a
// Content-Length of 5 GiB and sending 64 KiB gets its 413 (a JSON:API error naming
// the Content-Length header) without sending the rest. The emulator then
// half-closes, reads and drops what keeps coming for a little while (so that the
// answer is not reset away) and closes: it never reads the gigabytes declared,
// even from a client that ignores the answer and keeps sending.

const DECLARED = 5 * 1024 ** 3;
const SENT_BEFORE_ANSWER = 64 * 1024;
/** What a client can push after the answer before the emulator lets go: the linger and socket buffers, not gigabytes. */
const MAX_PUSHED_AFTER_ANSWER = UNREAD_BODY_LINGER.bytes + 32 * 1024 * 1024;
const PUSH_FOR_MS = 5_000;

const target = emulatorPerFile();

/** Keeps uploading, as a client that does not read answers would, until the connection closes or time is up. */
async function pushUntilClosed(socket: Socket, closing: Promise<void>): Promise<{ bytes: number; closed: boolean }> {
  const chunk = Buffer.alloc(1024 * 1024, 0x20);
  const until = performance.now() + PUSH_FOR_MS;
  let bytes = 0;
  let isClosed = false;
  void closing.then(() => (isClosed = true));
  while (!isClosed && performance.now() < until) {
    if (socket.write(chunk)) bytes += chunk.length;
    // A write after the emulator let go fails (EPIPE): that is the close this waits for.
    else await Promise.race([once(socket, 'drain').catch(() => undefined), closing, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  return { bytes, closed: isClosed };
}

test('bodies of gigabytes are refused with 413 before they are sent, and not read', async () => {
  const ids = await createKnownIds(target.url, target.token, target.emulator.state.fixtures);
  const cases = [
    { method: 'POST', path: '/webhooks', contentType: 'application/vnd.api+json' },
    { method: 'POST', path: '/_emulator/events', contentType: 'application/json' },
    { method: 'PUT', path: `/positive-pay/${ids.drawdownRuleId}/documents`, contentType: 'application/pdf' },
    { method: 'PUT', path: `/applications/${ids.applicationId}/documents/${ids.documentId}`, contentType: 'image/png' },
  ];
  const figures: string[] = [];
  for (const { method, path, contentType } of cases) {
    const socket = await openSocket(target.url);
    socket.on('error', () => undefined);
    const closing = closed(socket);
    const answering = readAnswer(socket);
    const started = performance.now();
    socket.write(
      `${method} ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${target.token}\r\n` +
        `Content-Type: ${contentType}\r\nContent-Length: ${DECLARED}\r\n\r\n`,
    );
    socket.write(Buffer.alloc(SENT_BEFORE_ANSWER, 0x20));
    const answer = await answering;
    const answerMs = performance.now() - started;
    const pushed = await pushUntilClosed(socket, closing);
    socket.destroy();
    figures.push(
      `${method} ${path.replace(/\/\d+/g, '/{id}')}: 413 after ${answerMs.toFixed(0)} ms, then ${(pushed.bytes / 1024 ** 2).toFixed(0)} MiB accepted before the close`,
    );

    expect(answer.status, `${method} ${path}`).toBe(413);
    expect(answer.headers['content-type']).toMatch(/^application\/vnd\.api\+json/);
    expect(JSON.parse(answer.body).errors[0]).toMatchObject({ status: '413', source: { header: 'Content-Length' } });
    expect(pushed.closed, `${method} ${path}: the emulator keeps the connection open after refusing the body`).toBe(true);
    expect(pushed.bytes).toBeLessThan(MAX_PUSHED_AFTER_ANSWER);
  }
  console.log(`oversized bodies (Content-Length ${DECLARED} bytes, ${SENT_BEFORE_ANSWER} sent):\n  ${figures.join('\n  ')}`);
}, 60_000);
