import { afterAll, describe, expect, test } from 'vitest';
import { FAULTS } from '../../emulator/faultCatalogue.ts';
import { requirementCatalogue } from '../../harness/documents/requirementCatalogue.ts';
import { REQUIREMENT_PREFIXES, requirementPrefixOf } from '../../spec/requirementPrefixes.ts';
import { formatMatrix, killFault, type KillRow } from './faultKill.ts';

// A conformance suite is worth its power to fail a wrong implementation: every
// seeded fault must be detected by every requirement id it claims to break.

const catalogue = requirementCatalogue();
const rows: KillRow[] = [];

describe('kill matrix', () => {
  test('the fault catalogue has at least 40 faults and one per requirement group', () => {
    expect(FAULTS.length).toBeGreaterThanOrEqual(40);
    const groups = new Set(FAULTS.flatMap((fault) => fault.breaks.map(requirementPrefixOf)));
    // The prefixes a run judges: the receiver's (its faults are the receiver kill matrix's) are not in this catalogue.
    const judged = REQUIREMENT_PREFIXES.filter((prefix) =>
      catalogue.all().some((requirement) => requirementPrefixOf(requirement.id) === prefix),
    );
    expect([...groups].sort()).toEqual(judged.sort());
  });

  test('every fault names judged requirements that exist (not OBSERVE, not excluded)', () => {
    const wrong = FAULTS.flatMap((fault) =>
      fault.breaks
        .filter((id) => !catalogue.has(id) || catalogue.get(id).level === 'OBSERVE' || catalogue.get(id).excluded)
        .map((id) => `${fault.name}: ${id}`),
    );
    expect(wrong).toEqual([]);
  });

  test.each(FAULTS.map((fault) => [fault.name, fault] as const))(
    '%s is detected by every requirement id it breaks',
    async (_name, fault) => {
      const row = await killFault(fault);
      rows.push(row);
      expect(row.missed).toEqual([]);
    },
  );

  afterAll(() => {
    rows.sort((a, b) => a.area.localeCompare(b.area) || a.fault.localeCompare(b.fault));
    console.log(formatMatrix(rows));
  });
});
