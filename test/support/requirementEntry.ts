import type { Requirement } from '../../contract/catalogue/requirementCatalogue.ts';
import type { RequirementResult } from '../../verdict/requirementVerdict.ts';

/** A catalogue entry for tests of the judgement: a core sandbox-and-live requirement unless `extra` says otherwise. */
export const requirementEntry = (id: string, level: Requirement['level'], extra: Partial<Requirement> = {}): Requirement => ({
  id,
  level,
  statement: `statement of ${id}`,
  source: { document: 'api', section: '1' },
  environments: ['sandbox', 'live'],
  capability: 'core',
  file: 'test.yaml',
  ...extra,
});

/** A judged requirement for tests of what is made of the judgement (a certificate): no checks, no evidence. */
export const requirementResult = (
  id: string,
  level: RequirementResult['level'],
  outcome: RequirementResult['outcome'],
  reason?: string,
): RequirementResult => ({
  id,
  level,
  outcome,
  statement: `statement of ${id}`,
  source: { document: 'api', section: '1' },
  checks: [],
  evidence: [],
  ...(reason ? { reason } : {}),
});
