import { setTimeout as sleep } from 'node:timers/promises';
import { CONTROL_ROUTES } from '../../contract/facts/controlRoutes.ts';
import type { DeliveryAttempt } from '../delivery/deliveryLog.ts';
import { catalogueEntries, type EventTypeEntry, eventTypes } from '../events/eventTypeCatalogue.ts';
import { type EventOverrides, overrideRefusal, readAssignment } from '../events/eventOverrides.ts';
import { closeNames } from './closeNames.ts';
import { deliveryLine } from './deliveryLine.ts';
import { EmulatorConnection, ToolError } from './emulatorConnection.ts';
import { emulatorUrl, readToolArguments, wholeNumber } from './toolArguments.ts';

// `banking-api-emulator trigger <eventType> [--count N] [--set PATH=VALUE] [--url EMULATOR] [--wait S]`,
// as `stripe trigger` does: makes events of a catalogued type happen on a running
// emulator (its event injection route), waits a bounded time until each webhook
// it was queued for has had an answer (or a failure), and prints them.

export const TRIGGER_USAGE = `Usage: banking-api-emulator trigger <eventType> [--count N] [--set PATH=VALUE]... [--url EMULATOR] [--wait S]
       banking-api-emulator trigger --list [--grep PATTERN]

Makes N (default 1) events of the type happen on a running emulator, as if the
platform had emitted them, and prints where each was delivered and what was
answered. Waits at most S seconds (default 10) for the answers.

--set PATH=VALUE   sets a field of each event (repeatable): attributes.NAME or
                   relationships.NAME (the related id), as the Event Catalog lists
                   them for the type; VALUE is JSON where it reads as JSON
                   (--set attributes.amount=500), else text
--list             prints the event types of the Event Catalog, one a line, and
                   the section that lists each; --grep PATTERN keeps those matching
                   (a regular expression, case ignored)`;

const POLL_MS = 200;

interface Made {
  id: string;
  type: string;
  createdAt: string;
}

export interface ToolOutput {
  out: (text: string) => void;
}

function checkType(type: string | undefined): EventTypeEntry {
  const known = [...eventTypes().keys()];
  if (type === undefined)
    throw new ToolError(`trigger needs an event type, such as ${known.slice(0, 3).join(', ')} (trigger --list lists them)`);
  const entry = eventTypes().get(type);
  if (entry) return entry;
  const close = closeNames(type, known);
  throw new ToolError(
    `unknown event type '${type}'${close.length > 0 ? `; close names: ${close.join(', ')}` : ''} (the Event Catalog lists ${catalogueEntries().length} types: trigger --list)`,
  );
}

/** --set PATH=VALUE, each read and checked against the type's shape in the catalogue before anything is sent. */
function overridesOf(assignments: readonly string[], entry: EventTypeEntry): EventOverrides | undefined {
  if (assignments.length === 0) return undefined;
  const overrides: EventOverrides = {};
  for (const text of assignments) {
    const assignment = readAssignment(text);
    if (!assignment) throw new ToolError(`--set takes PATH=VALUE, such as attributes.amount=500; got '${text}'`);
    overrides[assignment.path] = assignment.value;
  }
  const refusal = overrideRefusal(entry, overrides);
  if (refusal) throw new ToolError(`--set ${refusal.message}`);
  return overrides;
}

/** trigger --list [--grep PATTERN]: the catalogue's types, each once, with the section that lists it. */
function listTypes(pattern: string | undefined, output: ToolOutput): number {
  let matcher: RegExp | undefined;
  try {
    matcher = pattern === undefined ? undefined : new RegExp(pattern, 'i');
  } catch (error) {
    throw new ToolError(`--grep must be a regular expression; got '${pattern}' (${(error as Error).message})`);
  }
  const entries = catalogueEntries().filter(
    (entry) => !matcher || [entry.type, ...(entry.alsoSpelled ?? [])].some((type) => matcher.test(type)),
  );
  const width = Math.max(0, ...entries.map((entry) => entry.type.length));
  for (const entry of entries) {
    const spelled = entry.alsoSpelled ? ` (also spelled ${entry.alsoSpelled.join(', ')})` : '';
    output.out(`${entry.type.padEnd(width)}  ${entry.section.replace(/^Event Catalog: /, '')}${spelled}\n`);
  }
  if (entries.length === 0)
    output.out(`no event type of the Event Catalog matches /${pattern}/i (${catalogueEntries().length} types: trigger --list)\n`);
  return 0;
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
  const { values, positionals } = readToolArguments(argv, {
    count: { type: 'string' },
    wait: { type: 'string' },
    set: { type: 'string', multiple: true },
    list: { type: 'boolean' },
    grep: { type: 'string' },
  });
  if (values.help) {
    output.out(`${TRIGGER_USAGE}\n`);
    return 0;
  }
  if (values.list) {
    if (positionals.length > 0) throw new ToolError(`trigger --list takes no event type; got ${positionals.join(' ')}`);
    return listTypes(values.grep as string | undefined, output);
  }
  if (values.grep !== undefined) throw new ToolError('--grep narrows --list: give trigger --list --grep PATTERN');
  if (positionals.length > 1) throw new ToolError(`trigger takes one event type; got ${positionals.join(' ')}`);
  const entry = checkType(positionals[0]);
  const type = positionals[0]!;
  const set = overridesOf((values.set as string[] | undefined) ?? [], entry);
  const count = wholeNumber('count', values.count as string | undefined, 1, 1000, 1);
  const waitMs = wholeNumber('wait', values.wait as string | undefined, 0, 600, 10) * 1000;
  const emulator = new EmulatorConnection(emulatorUrl(values.url as string | undefined, env));
  await emulator.checkReachable();

  const { events: made } = await emulator.call<{ events: Made[] }>('POST', CONTROL_ROUTES.injectEvents.path, {
    type,
    count,
    ...(set ? { set } : {}),
  });
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
