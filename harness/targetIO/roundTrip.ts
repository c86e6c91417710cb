import { request } from 'undici';
import { watchStalls } from './eventLoopStall.ts';
import { acceptedCodings } from './contentCoding.ts';

// How far the target is, measured before a run starts: the round trip of a few
// unauthenticated reads of a documented path (any answer will do, a 401 included:
// its time is the network's and the front door's). The least of them is taken, less
// the time this process stood still meanwhile, since a busy machine only ever adds
// to a round trip: what is left is the target's distance, not our load.

const READS = 3;

/** The least round trip of a few reads, in ms; undefined when none was answered (the run reports the target as it does today). */
export async function measureRoundTrip(baseUrl: string): Promise<number | undefined> {
  const url = `${baseUrl.replace(/\/+$/, '')}/positive-pay?page%5Blimit%5D=1`;
  let least: number | undefined;
  for (let read = 0; read < READS; read += 1) {
    const stalls = watchStalls();
    const started = performance.now();
    try {
      const answer = await request(url, { method: 'GET', headers: acceptedCodings(), headersTimeout: 5_000, bodyTimeout: 5_000 });
      // The status line is the round trip: the body is not waited for.
      answer.body.on('error', () => {}).destroy();
    } catch {
      continue;
    }
    const roundTrip = Math.max(0, performance.now() - started - stalls());
    least = Math.min(least ?? roundTrip, roundTrip);
  }
  return least === undefined ? undefined : Math.round(least);
}
