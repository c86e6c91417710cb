import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, test } from 'vitest';
import { parse } from 'yaml';
import {
  CAPABILITIES,
  DOCUMENTS,
  LEVELS,
  loadRequirementCatalogue,
  type Requirement,
  SUBJECTS,
} from '../../../contract/catalogue/requirementCatalogue.ts';
import { ENVIRONMENTS } from '../../../contract/facts/environments.ts';
import {
  REQUIREMENT_FILES,
  REQUIREMENT_ID,
  REQUIREMENT_ID_PATTERN,
  REQUIREMENT_PREFIXES,
} from '../../../contract/facts/requirementPrefixes.ts';

// requirements/*.yaml are held to schemas/harness/requirements-file.schema.json, which
// refuses unknown keys: a misspelt `capabilty:` would otherwise silently make a requirement
// `core`. A JSON schema cannot import, so its enums and id patterns are held here to the
// facts written once in code.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const schemaOf = (name: string) => JSON.parse(readFileSync(`${ROOT}schemas/harness/${name}.schema.json`, 'utf8'));
const fileSchema = schemaOf('requirements-file');
const entry = fileSchema.$defs.requirement.properties;
const sorted = (values: readonly string[]) => [...values].sort();
let loaded: readonly Requirement[] | undefined;
/** The project's own catalogue, both subjects, loaded once for the file. */
const projectCatalogue = () => (loaded ??= loadRequirementCatalogue().all());

describe('the requirements-file schema agrees with the code', () => {
  test('every requirements/*.yaml is valid', () => {
    expect(projectCatalogue().length).toBeGreaterThan(0);
  });

  test('its enums are the levels, documents, environments, capabilities and subjects the catalogue knows', () => {
    expect(sorted(entry.level.enum)).toEqual(sorted(LEVELS));
    expect(sorted(entry.source.properties.document.enum)).toEqual(sorted(Object.keys(DOCUMENTS)));
    expect(sorted(entry.environments.items.enum)).toEqual(sorted(ENVIRONMENTS));
    expect(sorted(entry.capability.enum)).toEqual(sorted(CAPABILITIES));
    expect(sorted(fileSchema.properties.subject.enum)).toEqual(sorted(SUBJECTS));
  });

  test('its id pattern and the results schema’s are the one contract/facts/requirementPrefixes.ts derives, which takes every id and only ids', () => {
    expect(entry.id.pattern).toBe(REQUIREMENT_ID_PATTERN);
    expect(schemaOf('results').$defs.requirementId.pattern).toBe(REQUIREMENT_ID_PATTERN);
    expect(schemaOf('certificate-predicate').$defs.requirementId.pattern).toBe(REQUIREMENT_ID_PATTERN);
    const ids = projectCatalogue().map((requirement) => requirement.id);
    expect(ids.filter((id) => !REQUIREMENT_ID.test(id))).toEqual([]);
    expect(REQUIREMENT_PREFIXES.map((prefix) => `${prefix}-SOME-THING2`).filter((id) => !REQUIREMENT_ID.test(id))).toEqual([]);
    expect(['XX-SOME-THING', 'PP-lower', 'PP-', 'PP', 'PP--X', 'PP-X-'].filter((id) => REQUIREMENT_ID.test(id))).toEqual([]);
  });

  test('docs/requirements.md tables exactly the prefixes there are', () => {
    const table = readFileSync(`${ROOT}docs/requirements.md`, 'utf8').matchAll(/^\| ([A-Z]{2}) \|/gm);
    expect([...table].map((row) => row[1])).toEqual(REQUIREMENT_PREFIXES);
  });

  test('every catalogue file opens with the line that points an editor at the schema', () => {
    const modeline = '# yaml-language-server: $schema=../schemas/harness/requirements-file.schema.json';
    const files = readdirSync(`${ROOT}requirements`).filter((name) => name.endsWith('.yaml'));
    const without = files.filter((name) => readFileSync(`${ROOT}requirements/${name}`, 'utf8').split('\n')[0] !== modeline);
    expect(without).toEqual([]);
    expect(existsSync(new URL(modeline.split('=')[1]!, pathToFileURL(`${ROOT}requirements/`)))).toBe(true);
  });

  test('each prefix names a catalogue file, and every catalogue file has its prefix', () => {
    const files = projectCatalogue().map((requirement) => requirement.file);
    expect(sorted(Object.values(REQUIREMENT_FILES))).toEqual(sorted([...new Set(files)]));
  });
});

describe('a catalogue file the schema refuses', () => {
  let dir: string | undefined;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = undefined;
  });

  /** A copy of requirements/ with one file's text edited. */
  function catalogueWith(file: string, edit: (text: string) => string): string {
    dir = mkdtempSync(join(tmpdir(), 'requirements-'));
    cpSync(`${ROOT}requirements`, dir, { recursive: true });
    writeFileSync(join(dir, file), edit(readFileSync(join(dir, file), 'utf8')));
    return dir;
  }
  const loading = (edited: string) => () => loadRequirementCatalogue(edited);

  test('a misspelt key is refused, naming the file, the entry and the key it was meant to be', () => {
    const edited = catalogueWith('positive-pay.yaml', (text) => text.replace(/^( {4})capability:/m, '$1capabilty:'));
    const { requirements } = parse(readFileSync(`${ROOT}requirements/positive-pay.yaml`, 'utf8')) as { requirements: Requirement[] };
    const id = requirements.find((requirement) => requirement.capability)!.id;
    expect(loading(edited)).toThrow(`requirements/positive-pay.yaml: entry ${id}: unknown key "capabilty" (did you mean "capability"?)`);
  });

  test('a misspelt key of the source is refused under its entry', () => {
    const edited = catalogueWith('auth.yaml', (text) => text.replace('{ document:', '{ documnt:'));
    expect(loading(edited)).toThrow(
      /requirements\/auth\.yaml: entry AU-[A-Z0-9-]+: source: unknown key "documnt" \(did you mean "document"\?\)/,
    );
  });

  test('an unknown level is refused with the levels there are', () => {
    const edited = catalogueWith('sandbox.yaml', (text) => text.replace(/level: MUST$/m, 'level: MUSTN'));
    expect(loading(edited)).toThrow(
      /requirements\/sandbox\.yaml: entry SB-[A-Z0-9-]+: level: must be one of MUST, SHOULD, OBSERVE; got "MUSTN"/,
    );
  });

  test('a misspelt top-level key is refused', () => {
    const edited = catalogueWith('receiver.yaml', (text) => text.replace(/^subject:/m, 'subjet:'));
    expect(loading(edited)).toThrow('requirements/receiver.yaml: top level: unknown key "subjet" (did you mean "subject"?)');
  });

  test('an id in the file its prefix does not name is refused', () => {
    const edited = catalogueWith('events.yaml', (text) => text.replace(/- id: EV-/, '- id: WH-MOVED-'));
    expect(loading(edited)).toThrow(
      /requirements\/events\.yaml: entry WH-MOVED-[A-Z0-9-]+: its prefix belongs in requirements\/webhooks\.yaml/,
    );
  });
});
