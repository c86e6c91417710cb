import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { loadSchemaRegistry, schemaRegistry, SCHEMA_ID_BASE } from '../../contract/catalogue/schemaRegistry.ts';

const SCHEMAS = fileURLToPath(new URL('../../schemas/', import.meta.url));
// schemas/harness/ belongs to another area; its files are compiled but not held to these conventions.
const OURS = readdirSync(SCHEMAS, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.schema.json') && !f.startsWith('harness'))
  .map((f) => f.split('\\').join('/'))
  .sort();
const read = (file: string): unknown => JSON.parse(readFileSync(join(SCHEMAS, file), 'utf8'));

function walk(node: unknown, visit: (key: string, value: unknown) => void): void {
  if (Array.isArray(node)) for (const item of node) walk(item, visit);
  else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      visit(key, value);
      walk(value, visit);
    }
  }
}

function resolvePointer(document: unknown, pointer: string): unknown {
  let node = document;
  for (const raw of pointer.split('/').slice(1)) {
    const token = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
    if (!node || typeof node !== 'object' || !(token in node)) return undefined;
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

const REQUIRED_KEYS = [
  'common/definitions',
  'documents/error',
  'documents/positive-pay-rule',
  'documents/positive-pay-rule-list',
  'documents/webhook',
  'documents/webhook-list',
  'documents/event',
  'documents/event-list',
  'resources/positive-pay-rule',
  'resources/received-ach-debit-positive-pay',
  'resources/received-ach-credit-positive-pay',
  'resources/check-payment-positive-pay',
  'resources/drawdown-positive-pay',
  'resources/webhook',
  'requests/positive-pay-policy',
  'requests/update-deposit-product',
  'requests/rule-received-ach-debit',
  'requests/rule-received-ach-credit',
  'requests/rule-check-payment',
  'requests/rule-drawdown',
  'requests/webhook-create',
  'requests/webhook-update',
  'requests/application-approve',
  'requests/application-deny',
  'requests/document-reject',
  'requests/event-resend',
  'events/event',
  'delivery/payload',
  'events/variants/authorizationRequest.pending.card-transaction',
  'events/variants/authorizationRequest.pending.iias',
  'events/variants/authorizationRequest.pending.purchase',
];

describe('schema registry', () => {
  it('compiles every schema under schemas/ into one registry, keyed by path', () => {
    const registry = schemaRegistry();
    expect(registry).toBe(schemaRegistry());
    for (const file of OURS) expect(registry.has(file.slice(0, -'.schema.json'.length))).toBe(true);
    for (const key of REQUIRED_KEYS) expect(registry.has(key), key).toBe(true);
  });

  it('throws naming the key when asked for an unknown one', () => {
    expect(() => schemaRegistry().validate('documents/nope', {})).toThrow(/documents\/nope/);
  });

  it('reports a missing member at the member, with a readable message', () => {
    const result = schemaRegistry().validate('requests/application-approve', { data: { type: 'applicationApprove', attributes: {} } });
    expect(result).toEqual({
      valid: false,
      violations: [
        { pointer: '/data/attributes/reason', keyword: 'required', message: '/data/attributes/reason: is required but missing' },
      ],
      timestampViolations: [],
    });
  });
});

describe('schema files', () => {
  it.each(OURS)('%s follows the conventions', (file) => {
    const schema = read(file) as Record<string, unknown>;
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(SCHEMA_ID_BASE + file);
    expect(typeof schema.title).toBe('string');
    expect(schema.description).toMatch(/API §|Event Catalog/);
  });

  it.each(OURS)('%s resolves every $ref and never closes an object', (file) => {
    const base = pathToFileURL(join(SCHEMAS, file));
    walk(read(file), (key, value) => {
      expect(key === 'additionalProperties' && value === false, `${file} closes an object`).toBe(false);
      if (key !== '$ref') return;
      const target = new URL(String(value), base);
      const path = fileURLToPath(target);
      expect(existsSync(path), `${file}: ${String(value)}`).toBe(true);
      const document = JSON.parse(readFileSync(path, 'utf8'));
      expect(resolvePointer(document, target.hash.slice(1)), `${file}: ${String(value)}`).toBeDefined();
    });
  });
});

describe('loading a broken schema directory', () => {
  let dir: string | undefined;
  afterEach(() => dir && rmSync(dir, { recursive: true, force: true }));

  const write = (key: string, body: object): void => {
    dir ??= mkdtempSync(join(tmpdir(), 'schemas-'));
    mkdirSync(join(dir, key, '..'), { recursive: true });
    const schema = { $schema: 'https://json-schema.org/draft/2020-12/schema', $id: `${SCHEMA_ID_BASE}${key}.schema.json`, ...body };
    writeFileSync(join(dir, `${key}.schema.json`), JSON.stringify(schema));
  };

  it('names the file and the unresolved reference', () => {
    write('a/b', { $ref: 'missing.schema.json' });
    expect(() => loadSchemaRegistry(dir)).toThrow(/a\/b\.schema\.json.*missing\.schema\.json/);
  });

  it('names the file whose $id does not match its path', () => {
    write('a/c', {});
    writeFileSync(join(dir as string, 'a', 'd.schema.json'), JSON.stringify({ $id: `${SCHEMA_ID_BASE}a/c.schema.json` }));
    expect(() => loadSchemaRegistry(dir)).toThrow(/a\/d\.schema\.json.*\$id/);
  });

  it('names the file that strict mode rejects', () => {
    write('a/e', { type: 'object', madeUpKeyword: true });
    expect(() => loadSchemaRegistry(dir)).toThrow(/a\/e\.schema\.json.*madeUpKeyword/);
  });
});
