import { faker } from '@faker-js/faker';
import { expect, test } from 'vitest';
import { INVALID_CREATES } from '../../../suites/shared/ruleRequests.ts';
import { markerCarrier } from '../../../suites/shared/ruleSteps.ts';
import { runAgainstEmulator, scenariosJudging } from '../../support/emulatorRuns.ts';

// Must show: a target that stores a rule from an impossible or day-first expirationDate FAILs
// the MUST "no rule" (found by the request's tag marker) and WARNs its 4xx SHOULD, while the
// other values of the MUST (fractional cents, an amount string, a date-time it does not read) still pass.

const MUST = 'PP-RULE-INVALID-VALUES-NO-EFFECT';

test('an invalid create whose expirationDate is under test carries its marker as a tag', () => {
  const dated = INVALID_CREATES.filter((invalid) => 'expirationDate' in invalid.attributes(faker));
  expect(dated.map((invalid) => invalid.name)).toEqual([
    'expirationDate-impossible-day',
    'expirationDate-date-time',
    'expirationDate-day-first',
  ]);
  for (const invalid of dated) expect(markerCarrier(invalid.attributes(faker))).toBe('tag');
});

test('expiration-date-read-leniently fails the MUST and warns the SHOULD of the dates it stores', async () => {
  const records = await runAgainstEmulator(scenariosJudging([MUST]), ['expiration-date-read-leniently']);
  const outcomes = (id: string) =>
    Object.fromEntries(
      records.filter((record) => record.requirementId === id).map((record) => [record.itemId.split('/').at(-1), record.outcome]),
    );
  expect(outcomes(MUST)).toEqual({
    'fractional-amount': 'PASS',
    'amount-as-string': 'PASS',
    'fractional-maximum-amount': 'PASS',
    'expirationDate-impossible-day': 'FAIL',
    'expirationDate-date-time': 'PASS',
    'expirationDate-day-first': 'FAIL',
  });
  expect(outcomes('PP-RULE-INVALID-VALUES')).toMatchObject({ 'expirationDate-impossible-day': 'WARN', 'expirationDate-day-first': 'WARN' });
});
