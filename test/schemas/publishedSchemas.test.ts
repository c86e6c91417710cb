import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { PUBLISHED_SCHEMA_ID_BASE } from '../../contract/catalogue/schemaRegistry.ts';

// The schemas users point at from their own files (a target manifest, results.json, an
// expected-failures baseline, a requirement catalogue file): each is identified by where
// the published package serves it, and describes every member, since the description is
// all an editor shows.

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const PACKAGE = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { name: string; files: string[] };
const PUBLISHED = readdirSync(`${ROOT}schemas/harness`)
  .filter((file) => file.endsWith('.schema.json'))
  .sort();

/** JSON pointers of every member under `properties` anywhere in the schema that has no description. */
function undescribed(node: unknown, pointer = ''): string[] {
  if (Array.isArray(node)) return node.flatMap((item, index) => undescribed(item, `${pointer}/${index}`));
  if (typeof node !== 'object' || node === null) return [];
  const own = Object.entries((node as { properties?: Record<string, unknown> }).properties ?? {})
    .filter(
      ([, member]) =>
        typeof member === 'object' && member !== null && typeof (member as { description?: unknown }).description !== 'string',
    )
    .map(([name]) => `${pointer}/properties/${name}`);
  return [...own, ...Object.entries(node).flatMap(([key, value]) => undescribed(value, `${pointer}/${key}`))];
}

test('the six published schemas are there', () => {
  expect(PUBLISHED).toEqual([
    'certificate-predicate.schema.json',
    'engine-events.schema.json',
    'expected-failures.schema.json',
    'requirements-file.schema.json',
    'results.schema.json',
    'target-manifest.schema.json',
  ]);
});

test.each(PUBLISHED)("%s: its $id is the package's own file, which the package ships", (file) => {
  const schema = JSON.parse(readFileSync(`${ROOT}schemas/harness/${file}`, 'utf8')) as { $id: string; description?: string };
  expect(schema.$id).toBe(`${PUBLISHED_SCHEMA_ID_BASE}harness/${file}`);
  expect(PUBLISHED_SCHEMA_ID_BASE).toContain(`/${PACKAGE.name}/schemas/`);
  expect(PACKAGE.files).toContain('schemas/');
  expect(schema.description?.length).toBeGreaterThan(20);
});

test.each(PUBLISHED)('%s: every member has a description', (file) => {
  expect(undescribed(JSON.parse(readFileSync(`${ROOT}schemas/harness/${file}`, 'utf8')))).toEqual([]);
});

test('the test finds an undescribed member wherever it is', () => {
  const schema = {
    properties: { a: { description: 'x', properties: { b: { type: 'string' } } } },
    $defs: { c: { items: { properties: { d: {} } } } },
  };
  expect(undescribed(schema)).toEqual(['/properties/a/properties/b', '/$defs/c/items/properties/d']);
});
