import { createRequire } from 'node:module';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { ResultsDocument } from '../../verdict/resultsDocument.ts';
import { runCli, type CliResult } from '../cli/cliProcess.ts';

// `run --har FILE` writes every API exchange of the run as an HTTP Archive 1.2:
// valid against the HAR JSON Schema (har-schema), one entry per request in start
// order, each naming its scenario, and no token anywhere.

const Ajv = AjvModule.default;
const addFormats = addFormatsModule.default;
const require = createRequire(import.meta.url);
const dir = mkdtempSync(join(tmpdir(), 'bac-har-'));
const harFile = join(dir, 'exchanges', 'run.har');
let result: CliResult;

beforeAll(async () => {
  result = await runCli(['run', '--grep', 'webhooks/list/', '--seed', '6', '--report-dir', dir, '--har', harFile]);
}, 120_000);

afterAll(() => rmSync(dir, { recursive: true, force: true }));

function harValidator() {
  const ajv = new Ajv({ allErrors: true, strict: false });
  addFormats(ajv);
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json'));
  const schemas = require('har-schema') as Record<string, object>;
  for (const schema of Object.values(schemas)) ajv.addSchema(schema);
  const validate = ajv.getSchema('har.json#');
  if (!validate) throw new Error('har-schema has no har.json');
  return validate;
}

test('--har writes a valid HAR 1.2 of every exchange of the run, redacted', () => {
  expect(result.code, result.stderr || result.stdout.slice(-2000)).toBe(0);
  const text = readFileSync(harFile, 'utf8');
  const har = JSON.parse(text);
  const validate = harValidator();
  expect(validate(har), JSON.stringify(validate.errors?.slice(0, 3))).toBe(true);
  expect(har.log.version).toBe('1.2');
  const broken = structuredClone(har);
  delete broken.log.entries[0].request.httpVersion;
  expect(validate(broken)).toBe(false);
  const entries = har.log.entries as Array<{
    startedDateTime: string;
    comment: string;
    request: { url: string; headers: Array<{ name: string; value: string }> };
    response: { status: number };
  }>;
  const document = JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsDocument;
  // More exchanges than checks with evidence: the archive keeps them all, in start order.
  expect(entries.length).toBeGreaterThan(document.itemIds.length * 2);
  expect(entries.map((entry) => entry.startedDateTime)).toEqual(entries.map((entry) => entry.startedDateTime).sort());
  expect(new Set(entries.map((entry) => entry.comment.split(';')[0]))).toEqual(new Set(document.itemIds));
  expect(entries.every((entry) => entry.response.status >= 200)).toBe(true);
  const authorization = entries.flatMap((entry) => entry.request.headers).filter((header) => header.name === 'authorization');
  expect(authorization.length).toBeGreaterThan(0);
  expect(authorization.every((header) => header.value === 'Bearer [redacted]')).toBe(true);
  expect(text).not.toMatch(/emu_[A-Za-z0-9_-]{20,}/);
  expect(result.stdout).toMatch(new RegExp(`HAR: ${harFile.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(${entries.length} exchanges\\)`));
});
