import type { PositivePayRule, RuleStatus } from '../core/domain.ts';

// Section 3.1 rule 2: what moves a rule into Expired is not shown. The emulator
// shows Expired once the emulator clock's UTC date is after expirationDate,
// computed on every read so that advancing the clock needs no timer. Cancelled
// wins over Expired: a cancelled rule stays Cancelled.
export function effectiveStatus(rule: PositivePayRule, nowMs: number): RuleStatus {
  if (rule.status === 'Cancelled') return rule.status;
  return pastExpiration(rule, nowMs) ? 'Expired' : rule.status;
}

/** The clock's UTC date is after the rule's expirationDate (the expiration day itself still counts). */
export function pastExpiration(rule: PositivePayRule, nowMs: number): boolean {
  if (rule.expirationDate === undefined) return false;
  return new Date(nowMs).toISOString().slice(0, 10) > rule.expirationDate;
}
