import { expect, test } from 'vitest';
import { startReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import type { EngineEvent } from '../../harness/engine/engineEvents.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { RECEIVER_CASES } from '../../receiver/receiverCases.ts';
import { receiverConfig } from '../../cli/receiverValues.ts';
import { runReceiverCases } from '../../receiver/receiverRun.ts';
import { TOKEN } from './receiverRuns.ts';

// Issue 41, "must show": `receiver` runs its cases through the engine and tells its faces what
// `run` tells them (test/harness/engine/engineEvents.test.ts): the run starts, each case starts, its checks
// come as they are recorded, its report when final, and the run finishes with every report. The
// effects probe is read once after every case, into their records, so every final report comes
// after the last check told.

const recordLine = (record: { requirementId: string; outcome: string; message: string }) =>
  `${record.requirementId} ${record.outcome} ${record.message}`;

test('a receiver run: run-started, per case started and final, a check-recorded per check its report holds, run-finished', async () => {
  const events: EngineEvent[] = [];
  const receiver = await startReferenceReceiver({ token: TOKEN });
  let reports;
  try {
    const config = receiverConfig(
      { url: receiver.url, tokenEnv: 'T', effects: receiver.effectsUrl, deliveryMode: 'AtLeastOnce' },
      { T: TOKEN },
    );
    ({ reports } = await runReceiverCases(config, {
      say: () => {},
      redactor: new SecretRedactor(),
      listener: (event) => events.push(event),
    }));
  } finally {
    await receiver.close();
  }
  const ids = RECEIVER_CASES.map(({ id }) => id);
  const count = (type: EngineEvent['type']) => events.filter((event) => event.type === type).length;
  const held = reports.flatMap((report) => report.records);

  expect(events[0]).toMatchObject({ type: 'run-started', subject: 'receiver' });
  expect(events[0]?.type === 'run-started' ? events[0].planned.map(({ itemId }) => itemId) : []).toEqual(ids);
  expect(events.at(-1)?.type).toBe('run-finished');
  expect(count('run-started')).toBe(1);
  expect(count('run-finished')).toBe(1);
  // One at a time, in the catalogue's order (receiver/receiverSubject.ts says why).
  expect(events.flatMap((event) => (event.type === 'item-started' ? [event.itemId] : []))).toEqual(ids);
  expect(events.flatMap((event) => (event.type === 'item-final' ? [event.report.itemId] : []))).toEqual(ids);
  expect(count('check-recorded')).toBe(held.length);
  expect(held.some((record) => record.requirementId === 'RC-DUPLICATE-PROCESSED-ONCE' && record.outcome === 'PASS')).toBe(true);

  const lastCheck = events.map((event) => event.type).lastIndexOf('check-recorded');
  const firstFinal = events.findIndex((event) => event.type === 'item-final');
  expect(firstFinal).toBeGreaterThan(lastCheck);
  for (const report of reports) {
    expect(report.subject).toBe('receiver');
    const told = events.flatMap((event) =>
      event.type === 'check-recorded' && event.itemId === report.itemId ? [recordLine(event.record)] : [],
    );
    expect(told.sort()).toEqual(report.records.map(recordLine).sort());
  }
  const finished = events.at(-1);
  expect(finished?.type === 'run-finished' ? finished.reports : []).toEqual(reports);
});
