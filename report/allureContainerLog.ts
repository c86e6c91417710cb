import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ContainerRunRecord } from '../container/containerTarget.ts';
import { CONTAINER_LOG_FILE } from '../container/targetImageRun.ts';
import { allureResultsDir } from './allureResultsDirectory.ts';

// Allure gets a container target's log as the attachment of a set-up fixture
// ("start target container IMAGE") shared by every test of the run: Allure's
// result format (a *-container.json whose `befores` apply to its `children`)
// has no run-level attachment that both Allure 2 and 3 read.

/** The log is DIR/container.log, already redacted when the run wrote it (container/targetImageRun.ts). */
export function attachContainerLog(reportDir: string, record: ContainerRunRecord): string {
  const log = readFileSync(join(reportDir, CONTAINER_LOG_FILE), 'utf8');
  const startedAt = Date.parse(record.startedAt);
  const dir = allureResultsDir(reportDir);
  const children = readdirSync(dir)
    .filter((name) => name.endsWith('-result.json'))
    .map((name) => name.slice(0, -'-result.json'.length));
  const attachment = `${randomUUID()}-attachment.txt`;
  writeFileSync(join(dir, attachment), log);
  const uuid = randomUUID();
  const fixture = {
    name: `start target container ${record.image.name} (${record.image.id})`,
    status: 'passed',
    statusDetails: {},
    stage: 'finished',
    steps: [],
    attachments: [{ name: `container log: ${record.image.name}`, source: attachment, type: 'text/plain' }],
    parameters: [
      { name: 'image id', value: record.image.id },
      { name: 'network', value: record.network },
      { name: 'start-up (ms)', value: String(record.startupMs) },
    ],
    start: startedAt,
    stop: startedAt + record.startupMs,
  };
  const container = { uuid, name: `target container ${record.image.name}`, children, befores: [fixture], afters: [] };
  const path = join(dir, `${uuid}-container.json`);
  writeFileSync(path, JSON.stringify(container, null, 2));
  return path;
}
