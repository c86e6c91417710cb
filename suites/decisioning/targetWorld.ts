import type { ModelAccount, ModelRule, OptInType } from './decisionModel.ts';
import { initialStatus, isModelRuleStatus, shiftDate } from './decisionModel.ts';
import type { RuleStatus } from '../../contract/facts/positivePay.ts';
import type { ScenarioContext } from '../../harness/engine/scenario.ts';
import type { ApiResponse, RequestOptions } from '../../harness/targetIO/apiClient.ts';
import type { OperationName } from '../../contract/catalogue/operationCatalogue.ts';

// Puts a decisioning situation on the target through the documented operations:
// product opt-in (PATCH /deposit-products/{id}), account opt-in (POST
// /positive-pay-policy), rules (POST /positive-pay), document upload and cancel
// (4.1, 4.2). Fresh accounts come from the control endpoints. Returns the model's
// view of what it created. Anything the setup cannot do throws: the scenario's
// requirements then become UNTESTABLE with the reason.

/** A rule to create: the model's rule less what the target assigns, with expiry relative to the target's today. */
export type RuleSpec = Pick<
  ModelRule,
  'type' | 'tags' | 'originatorName' | 'originatorEntityId' | 'amount' | 'checkNumber' | 'payeeName'
> & {
  /** Days from the target's today; undefined for no expirationDate. */
  expiresInDays?: number;
};

const DAY_MS = 86_400_000;
/** A scrap PDF: the upload only has to be an accepted file (4.2). */
const AUTHORIZATION_PDF = Buffer.from('%PDF-1.4\n% drawdown authorization\n%%EOF\n');

/** The status the model derives rather than reads (decisionModel.ts: expired). */
const EXPIRED: RuleStatus = 'Expired';

const optInKey = (types: readonly OptInType[]): string => [...types].sort().join(',');

/**
 * The target refused to create a rule whose expirationDate is already past. The
 * documents do not say whether such a create is valid (what moves a rule into
 * Expired is not shown, 3.1), so this is no failure: what depended on the rule is
 * skipped with the reason instead.
 */
export class PastExpirationRefused extends Error {
  constructor(
    readonly expirationDate: string,
    readonly status: number,
  ) {
    super(
      `the target refuses to create a rule already past its expirationDate (${expirationDate}; answered ${status}), which the documents neither allow nor forbid`,
    );
  }
}

export class TargetWorld {
  private readonly products = new Map<string, Promise<string>>();
  /** Round trips of its documented calls so far, less the time this process stood still: how far the target is. */
  private readonly roundTrips: number[] = [];

  constructor(private readonly ctx: ScenarioContext) {}

  /** The median round trip of the documented calls made so far (0 before any). */
  typicalCallMs(): number {
    const sorted = [...this.roundTrips].sort((a, b) => a - b);
    return sorted[sorted.length >> 1] ?? 0;
  }

  private async call(name: OperationName, options: RequestOptions): Promise<ApiResponse> {
    const response = await this.ctx.api.call(name, options);
    this.roundTrips.push(response.durationMs - (response.stalledMs ?? 0));
    return response;
  }

  /** The target's UTC date: its clock when it offers one, else ours. */
  async today(): Promise<string> {
    if (!this.ctx.control.has('clockControl')) return new Date().toISOString().slice(0, 10);
    return (await this.ctx.control.clock()).now.slice(0, 10);
  }

  /**
   * Moves the target clock past UTC midnight when a run could straddle it (needs
   * clockControl). Seldom needed, so a case that only reads the clock moves it
   * alone, once the scheduler lets it (harness/engine/sharedStateGuard.ts).
   */
  async awayFromMidnight(marginMs = 10 * 60_000): Promise<void> {
    if (!this.ctx.control.has('clockControl')) return;
    const untilMidnight = async () => DAY_MS - ((await this.ctx.control.clock()).nowMs % DAY_MS);
    if ((await untilMidnight()) >= marginMs) return;
    await this.ctx.shared.moveAlone('clock', async () => {
      const left = await untilMidnight();
      if (left < marginMs) await this.ctx.control.advanceClock(left + 1_000);
    });
  }

  async advanceDays(days: number): Promise<void> {
    await this.ctx.control.advanceClock(days * DAY_MS);
  }

  /** One deposit product per opt-in set, made once and given its opt-in through PATCH. */
  product(optIn: readonly OptInType[]): Promise<string> {
    const key = optInKey(optIn);
    let product = this.products.get(key);
    if (!product) {
      product = (async () => {
        // No default opt-in: a fresh product without one, not a PATCH with [] (whether [] is accepted is not shown, 2.3).
        if (optIn.length === 0) return (await this.ctx.control.createDepositProduct({ positivePayOptIn: [] })).id;
        const { id } = await this.ctx.control.createDepositProduct();
        const response = await this.call('depositProduct.update', {
          params: { id },
          body: { data: { type: 'updateDepositProduct', attributes: { positivePayOptIn: [...optIn] } } },
        });
        if (response.status < 200 || response.status >= 300) throw new Error(`PATCH /deposit-products/${id} answered ${response.status}`);
        return id;
      })();
      this.products.set(key, product);
    }
    return product;
  }

  async account(productOptIn: readonly OptInType[], accountOptIn?: readonly OptInType[]): Promise<ModelAccount> {
    const depositProductId = await this.product(productOptIn);
    const { id } = await this.ctx.control.createAccount({ depositProductId });
    const account: ModelAccount = { id, productOptIn };
    if (accountOptIn !== undefined) await this.setAccountOptIn(account, accountOptIn);
    return account;
  }

  async setAccountOptIn(account: ModelAccount, optInTypes: readonly OptInType[]): Promise<void> {
    const response = await this.call('positivePayPolicy.create', {
      body: {
        data: {
          type: 'positivePayPolicy',
          attributes: { optInTypes: [...optInTypes] },
          relationships: { account: { data: { type: 'account', id: account.id } } },
        },
      },
    });
    if (response.status < 200 || response.status >= 300) throw new Error(`POST /positive-pay-policy answered ${response.status}`);
    account.accountOptIn = optInTypes;
  }

  async createRule(accountId: string, spec: RuleSpec, today: string): Promise<ModelRule> {
    const { type, expiresInDays, ...attributes } = spec;
    const expirationDate = expiresInDays === undefined ? undefined : shiftDate(today, expiresInDays);
    const body = {
      data: {
        type,
        attributes: { ...attributes, ...(expirationDate ? { expirationDate } : {}) },
        relationships: { account: { data: { type: 'account', id: accountId } } },
      },
    };
    const response = await this.call('positivePay.create', { body });
    // Past by the day it was made for, or by the target's day now: the shared clock may have moved between.
    if (expirationDate !== undefined && response.status >= 400 && response.status < 500) {
      if (expirationDate < today || expirationDate < (await this.today())) throw new PastExpirationRefused(expirationDate, response.status);
    }
    if (response.status !== 201 || typeof response.body?.data?.id !== 'string') {
      throw new Error(`POST /positive-pay (${type}) answered ${response.status}; the rule is needed to go on`);
    }
    const rule: ModelRule = { id: response.body.data.id, accountId, status: initialStatus(type), ...attributes, type };
    if (expirationDate) rule.expirationDate = expirationDate;
    this.ctx.cleanup.record({ kind: 'rule', id: rule.id }, async () => {
      if (rule.status !== 'Cancelled') await this.call('positivePay.cancel', { params: { id: rule.id } });
    });
    return rule;
  }

  /** Whether the target creates a rule already past its expirationDate (a probe on a fresh account; the rule is cancelled at cleanup). */
  async acceptsPastExpiration(): Promise<boolean> {
    const account = await this.account([]);
    try {
      await this.createRule(account.id, { type: 'drawdownPositivePay', expiresInDays: -30 }, await this.today());
      return true;
    } catch (error) {
      if (error instanceof PastExpirationRefused) return false;
      throw error;
    }
  }

  async uploadDocument(rule: ModelRule): Promise<void> {
    const response = await this.call('positivePay.uploadDocument', {
      params: { id: rule.id },
      rawBody: AUTHORIZATION_PDF,
      contentType: 'application/pdf',
    });
    if (response.status < 200 || response.status >= 300)
      throw new Error(`PUT /positive-pay/${rule.id}/documents answered ${response.status}`);
    await this.readBackStatus(rule, 'the upload');
  }

  async cancel(rule: ModelRule): Promise<void> {
    const response = await this.call('positivePay.cancel', { params: { id: rule.id } });
    if (response.status < 200 || response.status >= 300)
      throw new Error(`POST /positive-pay/${rule.id}/cancel answered ${response.status}`);
    await this.readBackStatus(rule, 'the cancel');
  }

  /**
   * The model takes a rule's status from the target (GET /positive-pay/{id}), never from the 2xx of
   * the upload or cancel that should have moved it: an upload that answers 2xx without activating is
   * PP-UPLOAD-ACTIVATES's failure, and the decisions are judged on the status the rule really has.
   * Expired is the model's to derive from expirationDate (decisionModel.ts), so a rule read Expired
   * keeps the status the model gave it.
   */
  private async readBackStatus(rule: ModelRule, after: string): Promise<void> {
    const read = await this.call('positivePay.get', { params: { id: rule.id } });
    const status: unknown = read.body?.data?.attributes?.status;
    if (read.status !== 200 || typeof status !== 'string')
      throw new Error(`GET /positive-pay/${rule.id} after ${after} answered ${read.status}; the rule's status is needed to go on`);
    if (status === EXPIRED) return;
    if (!isModelRuleStatus(status))
      throw new Error(`rule ${rule.id} reads status ${status} after ${after}, none the documents name for a rule (3.1)`);
    rule.status = status;
  }
}
