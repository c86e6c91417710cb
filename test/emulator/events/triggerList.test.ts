import { expect, test } from 'vitest';
import { catalogueEntries } from '../../../emulator/events/eventTypeCatalogue.ts';
import { runEmulatorProcess } from '../emulatorProcess.ts';

// `banking-api-emulator trigger --list [--grep PATTERN]`: the event types of the
// Event Catalog, each once under its own spelling, one a line with the section
// that lists it; --grep keeps those matching. No emulator needs to run.

test('trigger --list prints every catalogued type once', async () => {
  const result = await runEmulatorProcess(['trigger', '--list']);
  expect(result.code).toBe(0);
  const types = result.stdout
    .trim()
    .split('\n')
    .map((line) => line.split(/\s+/)[0]);
  expect(types).toEqual(catalogueEntries().map((entry) => entry.type));
  expect(new Set(types).size).toBe(types.length);
  expect(result.stdout).toMatch(/^payment\.canceled\s+Payments \(sent\) \(also spelled payment\.Canceled\)$/m);
});

test('trigger --list --grep keeps the types matching the pattern, case ignored', async () => {
  const result = await runEmulatorProcess(['trigger', '--list', '--grep', '^ACCOUNT\\.']);
  expect(result.code).toBe(0);
  const types = result.stdout
    .trim()
    .split('\n')
    .map((line) => line.split(/\s+/)[0]);
  expect(types).toEqual(
    catalogueEntries()
      .filter((entry) => entry.type.startsWith('account.'))
      .map((entry) => entry.type),
  );
  expect(types.length).toBeGreaterThan(1);

  const none = await runEmulatorProcess(['trigger', '--list', '--grep', 'no-such-type']);
  expect(none.code).toBe(0);
  expect(none.stdout.trim()).toBe(
    `no event type of the Event Catalog matches /no-such-type/i (${catalogueEntries().length} types: trigger --list)`,
  );
});

test('an unknown type names the count of types the catalogue lists, each once', async () => {
  const result = await runEmulatorProcess(['trigger', 'no.suchType', '--url', 'http://127.0.0.1:9']);
  expect(result.code).toBe(2);
  expect(result.stderr).toContain(`(the Event Catalog lists ${catalogueEntries().length} types: trigger --list)`);
});
