import type fc from 'fast-check';
import { disagreement } from './decisionJudgement.ts';
import {
  admissibleDecisions,
  futureInEveryZone,
  initialStatus,
  type ModelAccount,
  type ModelRule,
  type OptInType,
  shiftDate,
} from './decisionModel.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import type { ClockTurns } from './clockTurns.ts';
import { type PaymentDescription, toModelPayment } from './caseSetup.ts';
import { DecisionMismatch } from './propertyRun.ts';
import { simulate } from './simulationClient.ts';
import type { RuleSpec, TargetWorld } from './targetWorld.ts';

// Model-based commands for rule lifecycles (section 3.1): create → upload →
// cancel → expire by clock, interleaved with opt-in changes and payments. Each
// command checks it applies to the model, performs the real operation, moves the
// model the way the documents say, and for payments compares the decision.
// Each command's `step` is that move of the model alone: a sequence can be walked
// through the model before it runs (`movesClock`), to know whether it is the one to move the clock.

export interface LifecycleModel {
  account: ModelAccount;
  rules: ModelRule[];
  today: string;
  daysAdvanced: number;
  /** Whether this case runs as the mover (clockTurns.ts): only then may it move the clock. */
  clockOwned: boolean;
}

export interface LifecycleReal {
  ctx: ScenarioContext;
  world: TargetWorld;
  /** The lanes' turns on the clock: a move waits until no other case is in flight. */
  turns: ClockTurns;
}

export interface LifecycleCommand extends fc.AsyncCommand<LifecycleModel, LifecycleReal> {
  /** What the command does to the model, without the target: the rule a create adds has no id. */
  step(model: LifecycleModel): void;
}

/** Rule references are indices taken modulo the rules created so far. */
const pick = (model: LifecycleModel, index: number): ModelRule | undefined =>
  model.rules.length === 0 ? undefined : model.rules[index % model.rules.length];

export class CreateRule implements LifecycleCommand {
  constructor(readonly spec: RuleSpec) {}
  check = (model: Readonly<LifecycleModel>) => model.rules.length < 5;
  async run(model: LifecycleModel, real: LifecycleReal) {
    model.rules.push(await real.world.createRule(model.account.id, this.spec, model.today));
  }
  step(model: LifecycleModel) {
    const { type, expiresInDays } = this.spec;
    const rule: ModelRule = { id: '', accountId: model.account.id, type, status: initialStatus(type) };
    if (expiresInDays !== undefined) rule.expirationDate = shiftDate(model.today, expiresInDays);
    model.rules.push(rule);
  }
  toString = () => `create ${JSON.stringify(this.spec)}`;
}

export class UploadDocument implements LifecycleCommand {
  constructor(readonly index: number) {}
  check(model: Readonly<LifecycleModel>) {
    const rule = pick(model as LifecycleModel, this.index);
    // 3.1 defines the upload for a drawdown rule AwaitingDocuments; a rule that may be at or past its date in some time zone is left out.
    return (
      rule !== undefined &&
      rule.type === 'drawdownPositivePay' &&
      rule.status === 'AwaitingDocuments' &&
      (rule.expirationDate === undefined || futureInEveryZone(rule.expirationDate, model.today))
    );
  }
  async run(model: LifecycleModel, real: LifecycleReal) {
    // The world reads the rule's status back into the model (targetWorld.ts): the upload's answer is not trusted.
    await real.world.uploadDocument(pick(model, this.index) as ModelRule);
  }
  step(model: LifecycleModel) {
    (pick(model, this.index) as ModelRule).status = 'Active';
  }
  toString = () => `upload document to rule #${this.index}`;
}

export class CancelRule implements LifecycleCommand {
  constructor(readonly index: number) {}
  check(model: Readonly<LifecycleModel>) {
    const rule = pick(model as LifecycleModel, this.index);
    return rule !== undefined && rule.status !== 'Cancelled';
  }
  async run(model: LifecycleModel, real: LifecycleReal) {
    // The world reads the rule's status back into the model (targetWorld.ts): the cancel's answer is not trusted.
    await real.world.cancel(pick(model, this.index) as ModelRule);
  }
  step(model: LifecycleModel) {
    (pick(model, this.index) as ModelRule).status = 'Cancelled';
  }
  toString = () => `cancel rule #${this.index}`;
}

/**
 * Two days: a rule expiring today is then past in every time zone (`<date>` names none,
 * Conventions), where one day would leave it on its expiration day somewhere.
 */
const PAST_IN_EVERY_ZONE_DAYS = 2;

export class AdvancePastExpiry implements LifecycleCommand {
  /**
   * Only when it expires a rule still in force: the clock is shared, so it moves only when it matters,
   * and only in the mover's case.
   */
  check = (model: Readonly<LifecycleModel>) =>
    model.clockOwned &&
    model.daysAdvanced < 1 &&
    model.rules.some((rule) => rule.status !== 'Cancelled' && rule.expirationDate === model.today);
  async run(model: LifecycleModel, real: LifecycleReal) {
    await real.turns.move(() => real.world.advanceDays(PAST_IN_EVERY_ZONE_DAYS));
    model.today = await real.world.today();
    model.daysAdvanced += PAST_IN_EVERY_ZONE_DAYS;
  }
  step(model: LifecycleModel) {
    model.today = shiftDate(model.today, PAST_IN_EVERY_ZONE_DAYS);
    model.daysAdvanced += PAST_IN_EVERY_ZONE_DAYS;
  }
  toString = () => `advance the clock ${PAST_IN_EVERY_ZONE_DAYS} days`;
}

export class SetAccountOptIn implements LifecycleCommand {
  constructor(readonly types: OptInType[]) {}
  check = () => true;
  async run(model: LifecycleModel, real: LifecycleReal) {
    await real.world.setAccountOptIn(model.account, this.types);
  }
  step(model: LifecycleModel) {
    model.account.accountOptIn = this.types;
  }
  toString = () => `account opt-in ${JSON.stringify(this.types)}`;
}

/** A payment the rule at `index` would authorize if it were in force: the sharpest probe of its status. */
function paymentFor(rule: ModelRule, index: number): PaymentDescription {
  switch (rule.type) {
    case 'drawdownPositivePay':
      return { kind: 'WireDrawdown', amount: 10_000, rule: index };
    case 'checkPaymentPositivePay':
      return {
        kind: 'CheckPayment',
        amount: rule.amount ?? 1,
        checkNumber: rule.checkNumber ?? '',
        ...(rule.payeeName ? { payeeName: rule.payeeName } : {}),
      };
    default: {
      const kind = rule.type === 'receivedAchDebitPositivePay' ? 'ReceivedAchDebit' : 'ReceivedAchCredit';
      const originator =
        rule.originatorName !== undefined ? { originatorName: rule.originatorName } : { originatorEntityId: rule.originatorEntityId ?? '' };
      return { kind, amount: rule.amount ?? 1, ...originator };
    }
  }
}

async function sendAndCompare(model: LifecycleModel, real: LifecycleReal, description: PaymentDescription): Promise<void> {
  const payment = toModelPayment(description, { account: model.account, rules: model.rules, today: model.today });
  const admissible = admissibleDecisions(model.account, model.rules, payment, model.today);
  const { observed, response } = await simulate(real.ctx, payment);
  const problem = disagreement(admissible, observed, model.rules);
  if (problem) {
    throw new DecisionMismatch(
      `${payment.kind} ${JSON.stringify(payment)} with rules ${JSON.stringify(model.rules)} and opt-in ${JSON.stringify(model.account)} (today ${model.today}): ${problem}`,
      response.exchange,
    );
  }
}

export class SendPayment implements LifecycleCommand {
  constructor(readonly description: PaymentDescription) {}
  check = () => true;
  run = (model: LifecycleModel, real: LifecycleReal) => sendAndCompare(model, real, this.description);
  step = () => {};
  toString = () => `pay ${JSON.stringify(this.description)}`;
}

export class PayAgainstRule implements LifecycleCommand {
  constructor(readonly index: number) {}
  check = (model: Readonly<LifecycleModel>) => model.rules.length > 0;
  run(model: LifecycleModel, real: LifecycleReal) {
    const index = this.index % model.rules.length;
    return sendAndCompare(model, real, paymentFor(model.rules[index] as ModelRule, index));
  }
  step = () => {};
  toString = () => `pay what rule #${this.index} authorizes`;
}

/** A command as fast-check hands it over: wrapped, to note whether it ran. */
type Handed = fc.AsyncCommand<LifecycleModel, LifecycleReal, boolean> & { cmd?: LifecycleCommand };

/**
 * Whether the sequence moves the clock when it runs: walked through the model alone, from any day
 * (every date it judges is relative to the day it starts on). Its case then runs as the mover
 * (clockTurns.ts); any other case never moves the clock, whatever this says (AdvancePastExpiry's check).
 */
export function movesClock(commands: Iterable<Handed>, productOptIn: readonly OptInType[]): boolean {
  const model: LifecycleModel = {
    account: { id: 'walked through the model', productOptIn },
    rules: [],
    today: '2000-01-01',
    daysAdvanced: 0,
    clockOwned: true,
  };
  for (const handed of commands) {
    const command = handed.cmd ?? (handed as LifecycleCommand);
    if (!command.check(model)) continue;
    if (command instanceof AdvancePastExpiry) return true;
    command.step(model);
  }
  return false;
}

/**
 * Whether what the sequence judges may depend on the day: only a rule with an expirationDate
 * makes it so (a decision, an upload's or an advance's check read the day only through one).
 * A sequence without one needs no turn on the clock: a move beside it changes nothing it judges.
 */
export function readsClock(commands: Iterable<Handed>): boolean {
  for (const handed of commands) {
    const command = handed.cmd ?? (handed as LifecycleCommand);
    if (command instanceof CreateRule && command.spec.expiresInDays !== undefined) return true;
  }
  return false;
}
