import { SecretRedactor } from '../../harness/records/secretRedactor.ts';
import type { Outcome } from '../../harness/records/checkRecords.ts';
import { type ReferenceReceiverOptions, startReferenceReceiver } from '../../examples/reference-receiver/referenceReceiver.ts';
import { type ReceiverOptions, receiverConfig } from '../../cli/receiverValues.ts';
import { OPTION_WORDS } from '../../cli/commandLineText.ts';
import { receiverResults, runReceiverCases } from '../../receiver/receiverRun.ts';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';

// Runs the receiver cases against a reference receiver (possibly with one step
// broken, possibly behind a slow path) and answers the judged document.

export const TOKEN = 'receiver-test-token-5f0c2d9a';

export interface ReceiverRunRequest {
  options?: Omit<ReceiverOptions, 'url' | 'tokenEnv' | 'effects'>;
  steps?: ReferenceReceiverOptions['steps'];
  /** The signature header the receiver reads (default X-Service-Signature). */
  signatureHeader?: string;
  /** Judge the receiver through this URL instead of its own (e.g. a latency proxy in front of it): given its port, answers the URL base. */
  via?: (receiverPort: number) => Promise<{ base: string; close(): Promise<void> }>;
  withEffects?: boolean;
  /** Judge this receiver instead of the reference one (steps and signatureHeader are the reference's). */
  start?: () => Promise<{ url: string; effectsUrl: string; close(): Promise<void> }>;
}

export async function judgeReferenceReceiver(request: ReceiverRunRequest = {}): Promise<ResultsDocument> {
  const receiver = request.start
    ? await request.start()
    : await startReferenceReceiver({
        token: TOKEN,
        ...(request.steps ? { steps: request.steps } : {}),
        ...(request.signatureHeader ? { signatureHeader: request.signatureHeader } : {}),
      });
  const path = request.via ? await request.via(Number(new URL(receiver.url).port)) : undefined;
  const rebase = (url: string) => (path ? `${path.base}${new URL(url).pathname}` : url);
  try {
    const config = receiverConfig(
      {
        ...request.options,
        url: rebase(receiver.url),
        tokenEnv: 'RECEIVER_TOKEN',
        ...(request.withEffects === false ? {} : { effects: rebase(receiver.effectsUrl) }),
      },
      { RECEIVER_TOKEN: TOKEN },
    );
    // The receiver command's words, as the command line hands them down.
    const run = await runReceiverCases(config, { say: () => {}, redactor: new SecretRedactor() }, undefined, { optionWords: OPTION_WORDS });
    return receiverResults(config, run, { suiteVersion: 'test', startedAt: new Date().toISOString(), replayArguments: [] });
  } finally {
    await path?.close();
    await receiver.close();
  }
}

export const outcomesById = (document: ResultsDocument): Record<string, Outcome> =>
  Object.fromEntries(document.requirements.map((result) => [result.id, result.outcome]));

/** Requirements the verdict or a SHOULD holds against the receiver: FAIL, WARN, UNTESTABLE. */
export const flagged = (document: ResultsDocument): string[] =>
  document.requirements
    .filter((result) => ['FAIL', 'WARN', 'UNTESTABLE'].includes(result.outcome))
    .map((result) => result.id)
    .sort();
