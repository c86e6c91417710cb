import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import { waitOnTarget } from '../../harness/records/runMetrics.ts';

// Paging judged on a shared target. Pages are held against one larger read of
// the same list (the window), read before and after them; if other people's
// resources moved the window meanwhile, the pages are read again rather than
// judged, and a window that never holds still leaves the paging untestable
// (the scenario cannot finish), never a FAIL.

export interface StableWindowRead<W, P> {
  /** The list in words, for the log and the untestable message: "the account's first 6 rules". */
  what: string;
  /** One read of the whole window. */
  window: () => Promise<W>;
  /** The window's ids in order: two reads with the same ids mean it held still. */
  idsOf: (window: W) => readonly string[];
  /** The pages to judge against the window read just before them. */
  pages: (window: W) => Promise<P>;
  /** How many times to read before giving up; 5 unless said. */
  attempts?: number;
}

/** The pause before the second read; each further read waits one more. */
const PAUSE_MS = 250;

/** Others change lists in bursts: after the `attempt`th read disagreed, a pause that grows lets one pass. */
export const pauseBeforeReadingAgain = (attempt: number): Promise<void> => waitOnTarget(PAUSE_MS * attempt);

const sameIds = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && a.every((id, index) => id === b[index]);

export async function readPagesOverStableWindow<W, P>(
  ctx: ScenarioContext,
  read: StableWindowRead<W, P>,
): Promise<{ window: W; pages: P }> {
  const attempts = read.attempts ?? 5;
  for (let attempt = 1; ; attempt += 1) {
    const window = await read.window();
    const pages = await read.pages(window);
    const after = await read.window();
    if (sameIds(read.idsOf(window), read.idsOf(after))) return { window, pages };
    if (attempt >= attempts) {
      throw new Error(
        `${read.what} changed while paging on each of ${attempts} reads (someone else is using the target), so the pages cannot be judged against it`,
      );
    }
    ctx.log(`${read.what} changed while paging (someone else is using the target); reading again`);
    await pauseBeforeReadingAgain(attempt);
  }
}
