import { expect, test } from 'vitest';
import { FAULTS } from '../../emulator/faultCatalogue.ts';
import { requirementCatalogue } from '../../contract/catalogue/requirementCatalogue.ts';
import { SCENARIOS_BY_AREA } from '../../suites/scenarioIndex.ts';
import { scenariosJudging, worstById } from '../support/emulatorRuns.ts';
import { runAgainstVendorLike } from '../support/vendorLikeRuns.ts';

// The events and scope checks keep their power to fail where they judge through
// documented triggers, the target's history and the manifest's tokens instead of
// injection and minted tokens: a sample of event and auth faults, each started
// in the vendor-like profile, must come out FAIL (WARN for a SHOULD) on every
// requirement it breaks — judged, not merely UNTESTABLE.

const catalogue = requirementCatalogue();
const SAMPLE = [
  'event-list-type-filter-ignored',
  'event-list-until-ignored',
  'event-list-offset-ignored',
  'injected-events-missing-created-at',
  'injected-events-drop-first-attribute',
  'injected-events-mistype-first-attribute',
  'resend-changes-event-id',
  'scope-not-checked-on-list',
  'event-list-needs-write-scope',
];
const SCENARIOS = [...SCENARIOS_BY_AREA.events, ...SCENARIOS_BY_AREA.auth];

test.each(SAMPLE)(
  '%s is caught in the vendor-like profile',
  async (name) => {
    const fault = FAULTS.find((candidate) => candidate.name === name);
    if (!fault) throw new Error(`no fault named ${name}`);
    const { records } = await runAgainstVendorLike(scenariosJudging(fault.breaks, SCENARIOS), {
      latency: undefined,
      rateLimit: undefined,
      faults: [name],
    });
    const worst = worstById(records.filter((record) => record.outcome !== 'SKIP'));
    const missed = fault.breaks
      .map((id) => ({ id, outcome: worst.get(id) ?? 'no result' }))
      .filter(({ id, outcome }) => outcome !== (catalogue.get(id).level === 'MUST' ? 'FAIL' : 'WARN'));
    expect(missed).toEqual([]);
  },
  120_000,
);
