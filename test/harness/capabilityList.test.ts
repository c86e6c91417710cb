import { readFileSync } from 'node:fs';
import { expect, test } from 'vitest';
import { CAPABILITIES } from '../../harness/requirementCatalogue.ts';

// Capabilities are listed once in code (harness/requirementCatalogue.ts) and once
// in the manifest's schema, which users' editors read: the two MUST agree.

test('the manifest schema offers exactly the capabilities the requirement catalogue knows', () => {
  const schema = JSON.parse(readFileSync(new URL('../../schemas/harness/target-manifest.schema.json', import.meta.url), 'utf8'));
  expect([...schema.properties.capabilities.items.enum].sort()).toEqual([...CAPABILITIES].sort());
});
