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
 * Only a connection failure is a setup error. With `waitSeconds` (a target CI
 * started a moment before) it is asked again every second until it answers or
 * the time is up, saying once that it waits.
 */
export async function assertReachable(
  baseUrl: string,
  hint: string,
  waitSeconds = 0,
  say: (text: string) => void = () => {},
): Promise<void> {
  const deadline = Date.now() + waitSeconds * 1_000;
  for (let attempt = 0; ; attempt += 1) {
    const reason = await unreachableReason(baseUrl);
    if (reason === undefined) return;
    if (Date.now() + RETRY_MS > deadline) {
      const waited = waitSeconds > 0 ? ` within ${waitSeconds} s` : '';
      throw new SetupError(`cannot reach the target at ${baseUrl} (${reason})${waited}: start it, or fix ${hint}`);
    }
    if (attempt === 0) say(`Waiting up to ${waitSeconds} s for the target at ${baseUrl} (${reason})`);
    await sleep(RETRY_MS);
  }
}
