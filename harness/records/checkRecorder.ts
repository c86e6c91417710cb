import type { CheckRecord, Evidence, ExchangeExcerpt, Outcome } from './checkRecords.ts';
import type { RequirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import type { SecretRedactor } from './secretRedactor.ts';

/** Anything that carries an exchange (an API response, a sink delivery) can serve as evidence. */
export type EvidenceSource = Evidence | { exchange: ExchangeExcerpt } | ReadonlyArray<{ exchange: ExchangeExcerpt }>;

function toEvidence(source: EvidenceSource | undefined): Evidence | undefined {
  if (source === undefined) return undefined;
  if (Array.isArray(source)) return { exchanges: source.map((item) => item.exchange) };
  if ('exchange' in source) return { exchanges: [(source as { exchange: ExchangeExcerpt }).exchange] };
  return source as Evidence;
}

/** An observed value with every known secret masked; the value itself when there is none in it. */
function redactedObserved(observed: unknown, redactor: SecretRedactor): unknown {
  const text = JSON.stringify(observed);
  if (text === undefined) return observed;
  const redacted = redactor.text(text);
  return redacted === text ? observed : JSON.parse(redacted);
}

/**
 * Records the checks of one scenario run. The requirement's level decides what a
 * miss means: FAIL for MUST, WARN for SHOULD, and for OBSERVE nothing is ever
 * judged — the value is recorded as OBSERVED.
 */
export class CheckRecorder {
  private readonly recorded: CheckRecord[] = [];
  private readonly folded = new Map<string, CheckRecord>();
  private lastRecordedAt = performance.now();
  /** Told of each record as it is first made (a folded PASS counts on in the record the scenario ends with). */
  onRecorded: ((record: CheckRecord) => void) | undefined;

  constructor(
    private readonly catalogue: RequirementCatalogue,
    readonly itemId: string,
    /** Ids this scenario declared, plus the ids the harness itself checks on every call. */
    private readonly allowed: ReadonlySet<string>,
    /** The session's redactor: messages, observed values and the API client's excerpts pass through it. */
    readonly redactor: SecretRedactor,
  ) {}

  /** PASS when `holds`, else a miss judged by the requirement's level. Returns `holds`. */
  expect(requirementId: string, holds: boolean, message: string, evidence?: EvidenceSource): boolean {
    if (holds) this.pass(requirementId, message, evidence);
    else this.fail(requirementId, message, evidence);
    return holds;
  }

  pass(requirementId: string, message: string, evidence?: EvidenceSource): void {
    const level = this.levelOf(requirementId);
    this.add(requirementId, level === 'OBSERVE' ? 'OBSERVED' : 'PASS', message, evidence);
  }

  fail(requirementId: string, message: string, evidence?: EvidenceSource): void {
    const level = this.levelOf(requirementId);
    const outcome: Outcome = level === 'MUST' ? 'FAIL' : level === 'SHOULD' ? 'WARN' : 'OBSERVED';
    this.add(requirementId, outcome, message, evidence);
  }

  /** Record what the target does where the documents leave the behaviour open. */
  observe(requirementId: string, observed: unknown, message: string, evidence?: EvidenceSource): void {
    this.levelOf(requirementId);
    this.add(requirementId, 'OBSERVED', message, evidence, observed);
  }

  skip(requirementId: string, reason: string): void {
    this.levelOf(requirementId);
    this.add(requirementId, 'SKIP', reason);
  }

  /** The requirement applies but a prerequisite failed; counts as a failure. */
  untestable(requirementId: string, reason: string, evidence?: EvidenceSource): void {
    this.levelOf(requirementId);
    this.add(requirementId, 'UNTESTABLE', reason, evidence);
  }

  /** The body does not apply: each of its requirements SKIPs with the reason, and it never runs. */
  skipAll(requirementIds: readonly string[], reason: string): void {
    for (const id of requirementIds) this.skip(id, reason);
  }

  /**
   * Runs a scenario's (or a receiver case's) body, which records checks and never throws to
   * report a failure: a thrown error means it could not finish, so every declared requirement
   * it had not yet recorded is UNTESTABLE with `unfinished(error)` as the reason, and the
   * exchange the error carries (an API client's) as the evidence.
   */
  async runDeclared(declared: readonly string[], body: () => Promise<void>, unfinished: (error: Error) => string): Promise<void> {
    try {
      await body();
    } catch (error) {
      const reason = unfinished(error instanceof Error ? error : new Error(String(error)));
      const exchange = (error as { exchange?: ExchangeExcerpt } | undefined)?.exchange;
      for (const id of declared) {
        if (this.outcomesFor(id).length === 0) this.untestable(id, reason, exchange ? { exchanges: [exchange] } : undefined);
      }
    }
  }

  records(): CheckRecord[] {
    return [...this.recorded];
  }

  outcomesFor(requirementId: string): Outcome[] {
    return this.recorded.filter((record) => record.requirementId === requirementId).map((record) => record.outcome);
  }

  private levelOf(requirementId: string) {
    if (!this.allowed.has(requirementId)) {
      throw new Error(`scenario ${this.itemId} records ${requirementId}, which it does not declare in its requirements`);
    }
    return this.catalogue.get(requirementId).level;
  }

  private add(requirementId: string, outcome: Outcome, quoting: string, source?: EvidenceSource, observed?: unknown): void {
    const now = performance.now();
    const elapsedMs = Math.round((now - this.lastRecordedAt) * 10) / 10;
    this.lastRecordedAt = now;
    // Repeated passes (e.g. a response-shape check on every call) fold into one record,
    // found by the message as quoted: the same words are masked the same way.
    const foldable = (outcome === 'PASS' || outcome === 'SKIP') && observed === undefined;
    const key = `${requirementId}\u0000${outcome}\u0000${quoting}`;
    if (foldable) {
      const existing = this.folded.get(key);
      if (existing) {
        existing.count = (existing.count ?? 1) + 1;
        existing.elapsedMs = Math.round(((existing.elapsedMs ?? 0) + elapsedMs) * 10) / 10;
        return;
      }
    }
    // Messages quote what was sent and answered: a secret seen in an exchange is masked here too.
    const message = this.redactor.text(quoting);
    const evidence = toEvidence(source);
    const record: CheckRecord = { requirementId, itemId: this.itemId, outcome, message, elapsedMs };
    if (observed !== undefined) record.observed = redactedObserved(observed, this.redactor);
    if (evidence !== undefined) record.evidence = evidence;
    this.recorded.push(record);
    if (foldable) this.folded.set(key, record);
    this.onRecorded?.({ ...record });
  }
}
