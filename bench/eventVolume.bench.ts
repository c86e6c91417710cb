import { request } from 'undici';
import { startEmulator } from '../emulator/emulator.ts';
import { emulatorManifest, openTargetSession } from '../harness/targetIO/targetSession.ts';
import { benchSize, median, reportGoal } from './benchGoals.ts';

// A million stored events: what they cost in resident memory above the empty
// emulator, and how fast a filtered page and a deep page come back at one
// connection. Events go in through the control endpoint, 10,000 per request,
// of five types, as a test suite would inject them.

const BYTES_PER_EVENT_GOAL = 1024;
const PAGE_MEDIAN_GOAL_MS = 2;
const TYPES = ['payment.created', 'transaction.created', 'account.created', 'checkDeposit.created', 'card.created'];
const PER_REQUEST = 10_000;
const SAMPLES = 50;
const WARM_UP = 30;
const count = benchSize('event volume', 200_000, 1_000_000, (events) => `${events.toLocaleString('en')} events`);

const collect = () => (globalThis as { gc?: () => void }).gc?.();
const rss = () => {
  collect();
  collect();
  return process.memoryUsage().rss;
};

const emulator = await startEmulator();
try {
  const session = await openTargetSession(emulatorManifest(), { baseUrl: emulator.url(), seed: 1 });
  const token = session.tokens.full();
  const before = rss();
  const started = performance.now();
  for (let injected = 0; injected < count; injected += PER_REQUEST) {
    const type = TYPES[(injected / PER_REQUEST) % TYPES.length]!;
    const answer = await request(`${emulator.url()}/_emulator/events`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type, count: PER_REQUEST }),
    });
    await answer.body.dump();
    if (answer.statusCode !== 201) throw new Error(`injecting events answered ${answer.statusCode}`);
  }
  const injectSeconds = (performance.now() - started) / 1000;
  const perEvent = (rss() - before) / count;
  reportGoal({
    name: `resident memory per stored event at ${count.toLocaleString('en')} events`,
    figure: `${Math.round(perEvent).toLocaleString('en')} B (injected in ${injectSeconds.toFixed(1)} s)`,
    baseline: `the emulator before injection ${(before / 2 ** 20).toFixed(0)} MiB resident`,
    goal: `≤ ${BYTES_PER_EVENT_GOAL.toLocaleString('en')} B`,
    met: perEvent <= BYTES_PER_EVENT_GOAL,
  });

  const pageTimes = async (query: string): Promise<number> => {
    const times: number[] = [];
    // The first requests after a million injections pay for compiling the list path and collecting the injection's garbage.
    for (let sample = 0; sample < SAMPLES + WARM_UP; sample += 1) {
      const at = performance.now();
      const answer = await request(`${emulator.url()}/events?${query}`, { headers: { authorization: `Bearer ${token}` } });
      const body = (await answer.body.json()) as { data?: unknown[] };
      if (answer.statusCode !== 200 || !body.data?.length)
        throw new Error(`GET /events?${query} answered ${answer.statusCode} with ${body.data?.length ?? 0} events`);
      if (sample >= WARM_UP) times.push(performance.now() - at);
    }
    return median(times);
  };
  // The newest page, neither filtered nor deep: what any page of 100 costs to render and send.
  const first = await pageTimes('page%5Blimit%5D=100');
  const pageGoal = (name: string, ms: number) =>
    reportGoal({
      name,
      figure: `${ms.toFixed(2)} ms`,
      baseline: `the newest page of 100 ${first.toFixed(2)} ms`,
      goal: `≤ ${PAGE_MEDIAN_GOAL_MS} ms`,
      met: ms <= PAGE_MEDIAN_GOAL_MS,
    });
  pageGoal(
    'filter[type][] page of 100 (two types), median at one connection',
    await pageTimes('filter%5Btype%5D%5B%5D=payment.created&filter%5Btype%5D%5B%5D=card.created&page%5Blimit%5D=100'),
  );
  const offset = Math.round(count * 0.9);
  pageGoal(
    `page[offset]=${offset.toLocaleString('en')} page of 100, median at one connection`,
    await pageTimes(`page%5Boffset%5D=${offset}&page%5Blimit%5D=100`),
  );
} finally {
  await emulator.close();
}
