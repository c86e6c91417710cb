import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { clientResults, runClient } from '../../client/clientRun.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { SEEDED_CHANCES, seededCall } from '../../client/planCursor.ts';
import { clientChoice } from '../../cli/clientValues.ts';
import { clientReplayArguments } from '../../cli/commandLineText.ts';
import { SetupError } from '../../harness/records/setupError.ts';

// The run's seed places a perturbation the plan gave no call (issue 52, item 2): the same seed and plan bend
// the same calls of the same client again, another seed may bend another, and the seed is in results.json and
// in the replay command, so that replaying a failure bends what the failed run bent. Seed 0, the default, bends
// each at its first chance, as a plan without parameters always did.

const SEEDED = fileURLToPath(new URL('./faultyClients/seededClient.mjs', import.meta.url));
// The correct client: it logs a 429 and goes on, without waiting, so that a run is short.
const COMMAND = [process.execPath, SEEDED, 'none'];

/** The calls whose answers were bent in one run: their place among the client's calls, what they were, and by what. */
async function bentCalls(seed: number): Promise<{ bent: string[]; seed: number }> {
  const run = await runClient({ command: COMMAND, plan: ['retry-after-429'], seed }, { say: () => {}, redactor: new SecretRedactor() });
  const bent = run.exchanges.flatMap((entry, index) =>
    entry.itemId.includes('(') ? [`${index} ${entry.exchange.request.method} ${new URL(entry.exchange.request.url).pathname}`] : [],
  );
  return { bent, seed: clientResults(COMMAND, run, { suiteVersion: 'test', seed }).seed };
}

/** The first seed from 1 that places retry-after-429 at `call`. */
const seedPlacing = (call: number): number => {
  for (let seed = 1; ; seed += 1) if (seededCall(seed, 'retry-after-429') === call) return seed;
};

describe('the seed places a perturbation given no call', () => {
  test('the same seed and plan bend the same call again; another seed, another call; the seed is recorded', async () => {
    const seed = seedPlacing(SEEDED_CHANCES);
    const first = await bentCalls(seed);
    const again = await bentCalls(seed);
    expect(first.bent).toHaveLength(1);
    expect(again.bent).toEqual(first.bent);
    expect(first.seed).toBe(seed);
    const other = await bentCalls(seedPlacing(2));
    expect(other.bent).toHaveLength(1);
    expect(other.bent).not.toEqual(first.bent);
    // Seed 0 bends the first write, the policy, as a plan without parameters always did.
    expect((await bentCalls(0)).bent).toEqual(['0 POST /positive-pay-policy']);
  });

  test('the replay carries the seed with the plan; a seed that is no non-negative integer is one line', () => {
    const choice = clientChoice(COMMAND, { plan: 'retry-after-429', seed: '7' });
    expect(clientReplayArguments(choice)).toEqual(['--plan', 'retry-after-429', '--seed', '7', '--', ...COMMAND]);
    expect(clientReplayArguments(clientChoice(COMMAND, { plan: 'retry-after-429' }))).toEqual([
      '--plan',
      'retry-after-429',
      '--',
      ...COMMAND,
    ]);
    expect(() => clientChoice(COMMAND, { seed: 'x' })).toThrow(new SetupError("--seed must be a non-negative integer; got 'x'"));
  });
});
