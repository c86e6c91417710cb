import type { CheckRecorder } from '../harness/records/checkRecorder.ts';
import { requirementCatalogue } from '../contract/catalogue/requirementCatalogue.ts';
import { derivedTitle } from '../harness/engine/scenario.ts';
import type { AnswerJudge } from './answerJudge.ts';
import type { CraftedDeliveries } from './craftedDeliveries.ts';
import type { EffectsLedger } from './effectsProbe.ts';
import type { SandboxDeliveries } from './sandboxDeliveries.ts';
import type { DeliveryMode, ReceiverConfig } from './receiverConfig.ts';

// One receiver case: a behaviour of the integrator's webhook receiver, the RC
// requirement ids it may record, and how it makes the receiver show it. Cases
// record checks; they do not throw to report a failure (a thrown error makes
// what they had not yet recorded UNTESTABLE, as scenarios do).

export interface CaseContext {
  readonly config: ReceiverConfig;
  readonly check: CheckRecorder;
  /** Correct deliveries, sent by the embedded sandbox's own delivery engine. */
  readonly sandbox: SandboxDeliveries;
  /** Deliveries the harness makes and sends itself: forged, reshaped, repeated. */
  readonly crafted: CraftedDeliveries;
  readonly effects: EffectsLedger;
  readonly judge: AnswerJudge;
}

export interface ReceiverCase {
  /** Stable id: `receiver/<what>`. */
  id: string;
  /** Derived by defineReceiverCase from its first requirement's statement, as a scenario's title is; never written by hand. */
  title: string;
  requirements: readonly string[];
  /** The delivery modes it applies to (default both); under another its requirements SKIP with the reason. */
  modes?: readonly DeliveryMode[];
  run(ctx: CaseContext): Promise<void>;
}

/** The area of the receiver cases, in ids (`receiver/<what>`), titles and every face's groups. */
export const RECEIVER_GROUP = 'receiver';

/** Only the requirements of the receiver subject: a run against a target never judges them. */
export const receiverCatalogue = () => requirementCatalogue('receiver');

/** A receiver case as written: everything but the title. */
export type ReceiverCaseDefinition = Omit<ReceiverCase, 'title'>;

export const defineReceiverCase = (definition: ReceiverCaseDefinition): ReceiverCase => ({
  ...definition,
  title: derivedTitle({ ...definition, area: RECEIVER_GROUP }, receiverCatalogue()),
});
