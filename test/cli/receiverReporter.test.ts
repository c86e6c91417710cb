import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { receiverCommand } from '../../cli/receiverCommand.ts';
import { startReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import { SetupError } from '../../harness/records/setupError.ts';

// `receiver --reporter LIST` chooses the reports as `run --reporter` does (results.json always);
// HAR is refused before any delivery, since the receiver command keeps none.

const TOKEN = 'receiver-reporter-token-8d1e';
const env = { RECEIVER_TOKEN: TOKEN };
let receiver: Awaited<ReturnType<typeof startReferenceReceiver>>;
const reportDir = mkdtempSync(join(tmpdir(), 'bac-receiver-reporter-'));
const lines: string[] = [];
let code: number;

beforeAll(async () => {
  receiver = await startReferenceReceiver({ token: TOKEN });
  code = await receiverCommand(
    { url: receiver.url, tokenEnv: 'RECEIVER_TOKEN', effects: receiver.effectsUrl, reportDir, reporter: ['summary'] },
    (text) => lines.push(text),
    new SecretRedactor(),
    env,
  );
}, 180_000);
afterAll(() => receiver.close());

describe('receiver --reporter', () => {
  test('summary: results.json and summary.md, nothing else', () => {
    expect(code, lines.join('\n')).toBe(0);
    expect(readdirSync(reportDir).sort()).toEqual(['results.json', 'summary.md']);
    expect(lines).toContain(`Reports: ${join(reportDir, 'summary.md')}`);
  });

  test('har: refused in one line', async () => {
    const refused = receiverCommand(
      { url: receiver.url, tokenEnv: 'RECEIVER_TOKEN', reportDir: join(reportDir, 'har'), reporter: ['har'] },
      () => {},
      new SecretRedactor(),
      env,
    );
    await expect(refused).rejects.toThrow(SetupError);
    await expect(refused).rejects.toThrow(/^--reporter har: the receiver command writes no HAR/);
  });
});
