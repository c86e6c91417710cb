import { expect, test } from 'vitest';
import { listingData } from '../../cli/catalogueListing.ts';

// The package's `list` shows the rows its build wrote as JSON (cli/builtListingMain.ts) where a clone
// gathers them afresh: JSON must carry every row whole, no field lost or changed on the way
// (test/distribution/install/packedPackage.test.ts compares the installed package's `list` with the clone's).

test('every row list can show comes back from JSON as it was gathered', () => {
  const gathered = listingData();
  expect(JSON.parse(JSON.stringify(gathered))).toStrictEqual(gathered);
  // Every part has rows, so the comparison above compares something of each.
  const counted = Object.fromEntries(Object.entries(gathered).map(([part, rows]: [string, unknown[]]) => [part, rows.length > 0]));
  expect(counted).toEqual({ requirements: true, scenarios: true, faults: true, perturbations: true });
});
