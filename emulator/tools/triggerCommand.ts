import { setTimeout as sleep } from 'node:timers/promises';
import { CONTROL_ROUTES } from '../../spec/controlRoutes.ts';
import type { DeliveryAttempt } from '../delivery/deliveryLog.ts';
import { eventTypes } from '../events/eventTypeCatalogue.ts';
import { closeNames } from './closeNames.ts';
import { deliveryLine } from './deliveryLine.ts';
import { EmulatorConnection, ToolError } from './emulatorConnection.ts';
import { emulatorUrl, readToolArguments, wholeNumber } from './toolArguments.ts';

// `banking-api-emulator trigger <eventType> [--count N] [--url EMULATOR] [--wait S]`,
// as `stripe trigger` does: makes events of a catalogued type happen on a running
// emulator (its event injection route), waits a bounded time until each webhook
// it was queued for has had an answer (or a failure), and prints them.

export const TRIGGER_USAGE = `Usage: banking-api-emulator trigger <eventType> [--count N] [--url EMULATOR] [--wait S]

Makes N (default 1) events of the type happen on a running emulator, as if the
platform had emitted them, and prints where each was delivered and what was
answered. Waits at most S seconds (default 10) for the answers.`;

const POLL_MS = 200;

interface Made {
  id: string;
  type: string;
  createdAt: string;
}

export interface ToolOutput {
  out: (text: string) => void;
}

function checkType(type: string | undefined): string {
  const known = [...eventTypes().keys()];
  if (type === undefined) throw new ToolError(`trigger needs an event type, such as ${known.slice(0, 3).join(', ')}\n${TRIGGER_USAGE}`);
  if (eventTypes().has(type)) return type;
  const close = closeNames(type, known);
  throw new ToolError(
    `unknown event type '${type}'${close.length > 0 ? `; close names: ${close.join(', ')}` : ''} (the Event Catalog lists ${known.length} types)`,
  );
}

/** Attempts that settled for each (event, webhook) it was queued for, or undefined where none has yet. */
function answered(made: readonly Made[], recipients: Record<string, string[]>, deliveries: readonly DeliveryAttempt[]) {
  return made.map((event) => ({
    event,
    webhooks: (recipients[event.id] ?? []).map((webhookId) => ({
      webhookId,
      attempts: deliveries
        .filter((attempt) => attempt.webhookId === webhookId && attempt.eventIds.includes(event.id) && attempt.state !== 'in-flight')
        .reverse(),
    })),
  }));
}

export async function runTrigger(argv: readonly string[], env: NodeJS.ProcessEnv, output: ToolOutput): Promise<number> {
  const { values, positionals } = readToolArguments(argv, { count: { type: 'string' }, wait: { type: 'string' } }, TRIGGER_USAGE);
  if (values.help) {
    output.out(`${TRIGGER_USAGE}\n`);
    return 0;
  }
  if (positionals.length > 1) throw new ToolError(`trigger takes one event type; got ${positionals.join(' ')}\n${TRIGGER_USAGE}`);
  const type = checkType(positionals[0]);
  const count = wholeNumber('count', values.count as string | undefined, 1, 1000, 1);
  const waitMs = wholeNumber('wait', values.wait as string | undefined, 0, 600, 10) * 1000;
  const emulator = new EmulatorConnection(emulatorUrl(values.url as string | undefined, env));
  await emulator.checkReachable();

  const { events: made } = await emulator.call<{ events: Made[] }>('POST', CONTROL_ROUTES.injectEvents.path, { type, count });
  output.out(`Triggered ${made.length} ${type} event${made.length === 1 ? '' : 's'} on ${emulator.url}\n`);
  const ids = made.map((event) => event.id).join(',');
  const deadline = Date.now() + waitMs;
  const report = await (async () => {
    for (;;) {
      const { deliveries, recipients } = await emulator.deliveries({ event: ids });
      const found = answered(made, recipients, deliveries);
      const waiting = found.some(({ webhooks }) => webhooks.some(({ attempts }) => attempts.length === 0));
      if (!waiting || Date.now() >= deadline) return found;
      await sleep(POLL_MS);
    }
  })();
  for (const { event, webhooks } of report) {
    output.out(`  event ${event.id} ${event.type} at ${event.createdAt}\n`);
    if (webhooks.length === 0) output.out('    no Enabled webhook takes it\n');
    for (const { webhookId, attempts } of webhooks) {
      if (attempts.length === 0) output.out(`    → webhook ${webhookId}: no answer within ${waitMs / 1000} s\n`);
      for (const attempt of attempts) output.out(`    ${deliveryLine(attempt)}\n`);
    }
  }
  return 0;
}
