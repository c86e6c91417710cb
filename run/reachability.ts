import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { request } from 'undici';
import { SetupError } from '../harness/records/setupError.ts';
import { acceptedCodings } from '../harness/targetIO/contentCoding.ts';

const RETRY_MS = 1_000;

/** Why the target cannot be reached, or undefined: any HTTP answer means it is there. */
async function unreachableReason(baseUrl: string): Promise<string | undefined> {
  try {
    const answer = await request(`${baseUrl}/positive-pay?page%5Blimit%5D=1`, {
      method: 'GET',
      headers: acceptedCodings(),
      headersTimeout: 5_000,
      bodyTimeout: 5_000,
    });
    // The status is enough: an endless or huge body must not hold the run here.
    answer.body.on('error', () => {}).destroy();
    return undefined;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  }
}

/**
 * Why nothing takes a connection at the base URL's host and port, or undefined: a probe that sends no request at all,
 * for a command that must send the target nothing of its own (client --target: the target sees only the client's calls).
 */
export function unconnectableReason(baseUrl: string): Promise<string | undefined> {
  const url = new URL(baseUrl);
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return new Promise((resolve) => {
    const socket = connect({ host: url.hostname.replace(/^\[|\]$/g, ''), port, timeout: 5_000 });
    const done = (reason: string | undefined) => {
      socket.destroy();
      resolve(reason);
    };
    socket.once('connect', () => done(undefined));
    socket.once('timeout', () => done('ETIMEDOUT'));
    socket.once('error', (error: NodeJS.ErrnoException) => done(error.code ?? error.message));
  });
}

/**
 * Only a connection failure is a setup error. With `waitSeconds` (a target CI
 * started a moment before) it is asked again every second until it answers or
 * the time is up, saying once that it waits.
 */
export async function assertReachable(
  baseUrl: string,
  hint: string,
  waitSeconds = 0,
  say: (text: string) => void = () => {},
  probe: (baseUrl: string) => Promise<string | undefined> = unreachableReason,
): Promise<void> {
  const deadline = Date.now() + waitSeconds * 1_000;
  for (let attempt = 0; ; attempt += 1) {
    const reason = await probe(baseUrl);
    if (reason === undefined) return;
    if (Date.now() + RETRY_MS > deadline) {
      const waited = waitSeconds > 0 ? ` within ${waitSeconds} s` : '';
      throw new SetupError(`cannot reach the target at ${baseUrl} (${reason})${waited}: start it, or fix ${hint}`);
    }
    if (attempt === 0) say(`Waiting up to ${waitSeconds} s for the target at ${baseUrl} (${reason})`);
    await sleep(RETRY_MS);
  }
}
