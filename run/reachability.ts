import { request } from 'undici';
import { SetupError } from '../harness/targetManifest.ts';

/** Any HTTP answer means the target is there; only a connection failure is a setup error. */
export async function assertReachable(baseUrl: string, hint: string): Promise<void> {
  try {
    const answer = await request(`${baseUrl}/positive-pay?page%5Blimit%5D=1`, { method: 'GET', headersTimeout: 5_000, bodyTimeout: 5_000 });
    // The status is enough: an endless or huge body must not hold the run here.
    answer.body.on('error', () => {}).destroy();
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new SetupError(`cannot reach the target at ${baseUrl} (${reason}): start it, or fix ${hint}`);
  }
}
