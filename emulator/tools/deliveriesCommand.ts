import { setTimeout as sleep } from 'node:timers/promises';
import type { DeliveryAttempt } from '../delivery/deliveryLog.ts';
import { deliveryLine } from './deliveryLine.ts';
import { EmulatorConnection, ToolError } from './emulatorConnection.ts';
import type { ToolOutput } from './triggerCommand.ts';
import { emulatorUrl, readToolArguments, wholeNumber } from './toolArguments.ts';

// `banking-api-emulator deliveries [--follow] [--last N] [--url EMULATOR]`: the
// emulator's recent delivery attempts, oldest first, one line each; with
// --follow, each further attempt once it has its answer, until interrupted.

export const DELIVERIES_USAGE = `Usage: banking-api-emulator deliveries [--follow] [--last N] [--url EMULATOR]

Prints the last N (default 20) delivery attempts of a running emulator: the
event, the webhook and its URL, the receiver's answer and the next retry.
--follow keeps printing new attempts as they are answered (Ctrl-C stops).`;

const FOLLOW_POLL_MS = 500;

/** The seq to read after next time: just before the oldest attempt still waiting for its answer, so none is missed. */
function readFrom(attempts: readonly DeliveryAttempt[], after: number): number {
  const unanswered = attempts.filter((attempt) => attempt.state === 'in-flight').map((attempt) => attempt.seq);
  if (unanswered.length > 0) return Math.min(...unanswered) - 1;
  return attempts.reduce((most, attempt) => Math.max(most, attempt.seq), after);
}

export async function runDeliveries(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  output: ToolOutput,
  /** Whether to keep following; by default until the process is interrupted. */
  following: () => boolean = () => true,
): Promise<number> {
  const { values, positionals } = readToolArguments(argv, { follow: { type: 'boolean' }, last: { type: 'string' } });
  if (values.help) {
    output.out(`${DELIVERIES_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 0) throw new ToolError(`deliveries takes no arguments; got ${positionals.join(' ')}`);
  const last = wholeNumber('last', values.last as string | undefined, 1, 200, 20);
  const emulator = new EmulatorConnection(emulatorUrl(values.url as string | undefined, env));
  await emulator.checkReachable();

  const { deliveries } = await emulator.deliveries({ limit: last });
  if (deliveries.length === 0 && !values.follow) output.out(`nothing delivered yet by ${emulator.url}\n`);
  const printed = new Set<number>();
  const print = (attempts: readonly DeliveryAttempt[]) => {
    for (const attempt of [...attempts].reverse()) {
      if (printed.has(attempt.seq) || (values.follow && attempt.state === 'in-flight')) continue;
      output.out(`${deliveryLine(attempt)}\n`);
      printed.add(attempt.seq);
    }
  };
  print(deliveries);
  if (!values.follow) return 0;
  output.out(`following deliveries of ${emulator.url} (Ctrl-C stops)\n`);
  let after = readFrom(deliveries, 0);
  while (following()) {
    await sleep(FOLLOW_POLL_MS);
    const { deliveries: newer } = await emulator.deliveries({ after });
    print(newer);
    after = readFrom(newer, after);
  }
  return 0;
}
