import type { Requirement } from '../../harness/documents/requirementCatalogue.ts';

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
