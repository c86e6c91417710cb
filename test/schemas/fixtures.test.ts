import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';

// Each fixture file is one example: the document, the schema it is checked
// against, whether it must pass, and for a failure the member it must name.
interface SchemaCase {
  schema: string;
  expect: 'valid' | 'invalid';
  violation?: { pointer: string; keyword: string };
  why: string;
  document: unknown;
}

const DIR = fileURLToPath(new URL('../../fixtures/schemas/', import.meta.url));
const files = readdirSync(DIR, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.json'))
  .sort();
const load = (file: string): SchemaCase => JSON.parse(readFileSync(join(DIR, file), 'utf8')) as SchemaCase;

describe('schema examples (fixtures/schemas)', () => {
  it('has examples', () => expect(files.length).toBeGreaterThan(50));

  it.each(files)('%s', (file) => {
    const example = load(file);
    expect(file.endsWith(`.${example.expect}.json`), 'file name states the expectation').toBe(true);
    const result = schemaRegistry().validate(example.schema, example.document);
    if (example.expect === 'valid') {
      expect(result.violations, example.why).toEqual([]);
      return;
    }
    // A <timestamp> miss is reported apart from the shape (judged under GN-TIMESTAMP-FORMAT); it still makes a document invalid.
    expect(result.valid && result.timestampViolations.length === 0, example.why).toBe(false);
    expect(example.violation, 'an invalid example names the violation it expects').toBeDefined();
    const found = [...result.violations, ...result.timestampViolations].map(({ pointer, keyword }) => ({ pointer, keyword }));
    expect(found, example.why).toContainEqual(example.violation);
    for (const violation of result.violations) expect(violation.message.startsWith(`${violation.pointer || '(root)'}: `)).toBe(true);
  });
});
