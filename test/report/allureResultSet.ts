import { readdirSync, readFileSync } from 'node:fs';
import { extname, join } from 'node:path';

// An allure-results directory as what it says, for comparing two of them: each test with its
// attachments' text inline, sorted by full name and description, with what differs from one writing to the next
// set aside: the uuids (file names), the stamps (start, stop), the stack trace of a failure (the
// writer's own frames, never the target's), and the labels that say where and by what the results
// were written (host, thread, framework). Everything else, history ids included, must be equal.

const SET_ASIDE_LABELS = new Set(['host', 'thread', 'framework']);

interface Attachment {
  name: string;
  source: string;
  type: string;
}
interface Step {
  name: string;
  attachments?: Attachment[];
  steps?: Step[];
  [key: string]: unknown;
}
interface Result extends Step {
  fullName: string;
  description: string;
  labels: Array<{ name: string; value: string }>;
  statusDetails?: { message?: string; trace?: string };
}

export interface AllureResultSet {
  /** environment.properties, as written. */
  environment: string;
  /** The other files, by kind: results, attachments by extension, anything else by name. */
  files: Record<string, number>;
  tests: unknown[];
}

function kindOf(name: string): string {
  if (name.endsWith('-result.json')) return 'result';
  if (name.endsWith('-container.json')) return 'container';
  if (name.includes('-attachment')) return `attachment${extname(name)}`;
  return name;
}

export function readAllureResultSet(dir: string): AllureResultSet {
  const names = readdirSync(dir).sort();
  const files: Record<string, number> = {};
  for (const name of names) files[kindOf(name)] = (files[kindOf(name)] ?? 0) + 1;
  const inline = (attachment: Attachment) => ({
    name: attachment.name,
    type: attachment.type,
    extension: extname(attachment.source),
    content: readFileSync(join(dir, attachment.source), 'utf8'),
  });
  const step = ({ start: _start, stop: _stop, attachments, steps, ...rest }: Step): unknown => ({
    ...rest,
    ...(attachments ? { attachments: attachments.map(inline) } : {}),
    ...(steps ? { steps: steps.map(step) } : {}),
  });
  const tests = names
    .filter((name) => name.endsWith('-result.json'))
    .map((name) => JSON.parse(readFileSync(join(dir, name), 'utf8')) as Result)
    // The description names the scenario: tests of one title (a scenario's variants) keep one order.
    .sort((a, b) => a.fullName.localeCompare(b.fullName) || a.description.localeCompare(b.description))
    .map(({ uuid: _uuid, statusDetails, labels, ...result }) => {
      const { trace: _trace, ...details } = statusDetails ?? {};
      return {
        ...(step(result) as object),
        statusDetails: details,
        labels: labels
          .filter((label) => !SET_ASIDE_LABELS.has(label.name))
          .sort((a, b) => a.name.localeCompare(b.name) || a.value.localeCompare(b.value)),
      };
    });
  return { environment: readFileSync(join(dir, 'environment.properties'), 'utf8'), files, tests };
}
