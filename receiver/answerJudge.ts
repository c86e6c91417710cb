import type { CheckRecorder } from '../harness/records/checkRecorder.ts';
import { type AnsweredDelivery, describeAnswer, isAccepted } from './deliveryExchange.ts';
import type { ReceiverConfig } from './receiverConfig.ts';

// How a receiver's answer to one delivery is judged, written once for every case:
// accepted (2xx) or refused, the exact 200 its delivery mode asks for, and how
// long it took against the delivery time-out.

const EXACT_200 = { AtMostOnce: 'RC-ACCEPT-200-AT-MOST-ONCE', AtLeastOnce: 'RC-ACCEPT-200-AT-LEAST-ONCE' } as const;
/** Requirement ids every case that judges an accepted delivery declares. */
export const ANSWER_REQUIREMENTS = [...Object.values(EXACT_200), 'RC-ANSWER-TIME', 'RC-ANSWER-WITHIN-TIMEOUT'] as const;

export class AnswerJudge {
  constructor(
    private readonly check: CheckRecorder,
    private readonly config: ReceiverConfig,
    /** Every correct delivery's answer, across cases: the run's diagnosis reads them (receiver/receiverRun.ts). */
    private readonly correctAnswers: AnsweredDelivery[] = [],
    /** What the delivery mode came from (the receiver command's option), in the other mode's SKIP. */
    private readonly modeFrom?: string,
  ) {}

  /** A correct delivery MUST be accepted (`requirementId`); accepted, it is held to its mode's 200 and to the time-out. */
  accepted(requirementId: string, answer: AnsweredDelivery, what: string): boolean {
    this.correctAnswers.push(answer);
    const accepted = isAccepted(answer);
    this.check.expect(requirementId, accepted, `${what}: expected it accepted (2xx); the receiver ${describeAnswer(answer)}`, answer);
    this.timing(answer, what);
    const mode = this.config.deliveryMode;
    for (const [other, id] of Object.entries(EXACT_200)) {
      if (other !== mode)
        this.check.skip(id, `applies to ${other} webhooks; the receiver's webhook is ${mode}${this.modeFrom ? ` (${this.modeFrom})` : ''}`);
    }
    if (accepted) {
      this.check.expect(
        EXACT_200[mode],
        answer.status === 200,
        `${what}: expected an accepted delivery answered 200 under ${mode}; the receiver ${describeAnswer(answer)}`,
        answer,
      );
    } else {
      // Outranked by any judgement of an accepted delivery; alone, it says why nothing was judged.
      this.check.skip(EXACT_200[mode], 'the exact 200 is judged on accepted deliveries; this one was not accepted');
    }
    return accepted;
  }

  /** A delivery that does not verify SHOULD be refused (`requirementId`, a SHOULD). */
  refused(requirementId: string, answer: AnsweredDelivery, what: string): void {
    const refused = answer.status !== undefined && !isAccepted(answer);
    this.check.expect(
      requirementId,
      refused,
      `${what}: expected it refused (answered other than 2xx); the receiver ${describeAnswer(answer)}`,
      answer,
    );
  }

  private timing(answer: AnsweredDelivery, what: string): void {
    const limit = this.config.timeoutMs;
    const took = `${describeAnswer(answer)} after ${answer.durationMs} ms`;
    this.check.observe(
      'RC-ANSWER-TIME',
      answer.status === undefined ? null : answer.durationMs,
      `${what}: ${took} (delivery time-out ${limit} ms)`,
      answer,
    );
    // A refused connection is judged as not accepted; only an answer that never came is late.
    if (answer.status === undefined && !answer.error?.startsWith('no answer')) return;
    const within = answer.status !== undefined && answer.durationMs <= limit;
    this.check.expect(
      'RC-ANSWER-WITHIN-TIMEOUT',
      within,
      `${what}: expected an answer within the delivery time-out of ${limit} ms; the receiver ${took}`,
      answer,
    );
  }
}
