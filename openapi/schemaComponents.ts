import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SCHEMA_ID_BASE } from '../contract/catalogue/schemaRegistry.ts';

// The JSON Schemas of schemas/ as OpenAPI 3.1 components. OpenAPI 3.1 speaks JSON
// Schema 2020-12, so each schema goes in unchanged but for its references: every
// `$ref` (relative to the file's `$id`) becomes `#/components/schemas/<name>…`,
// and `$id`/`$schema` are dropped, since an `$id` would make "#/…" refer to the
// schema itself instead of the OpenAPI document. Only the schemas the document
// refers to (and what they refer to) are included; harness/ schemas never.

export type JsonObject = { [key: string]: unknown };

const SUFFIX = '.schema.json';
const SCHEMAS_DIR = fileURLToPath(new URL('../schemas/', import.meta.url));

/** `documents/positive-pay-rule` → `documents.positive-pay-rule` (component names allow no `/`). */
export const componentName = (schemaKey: string): string => schemaKey.replace(/\//g, '.');

/** A reference to a schema key, optionally with a JSON pointer into it: `common/definitions#/$defs/cents`. */
export function componentRef(schemaKeyWithPointer: string): JsonObject {
  const [key = '', pointer = ''] = schemaKeyWithPointer.split('#');
  return { $ref: `#/components/schemas/${componentName(key)}${pointer}` };
}

function schemaKeyOf(absoluteRef: string): { key: string; pointer: string } {
  const [url = '', pointer = ''] = absoluteRef.split('#');
  if (!url.startsWith(SCHEMA_ID_BASE) || !url.endsWith(SUFFIX)) throw new Error(`$ref ${absoluteRef} leaves schemas/`);
  return { key: url.slice(SCHEMA_ID_BASE.length, -SUFFIX.length), pointer };
}

/** Rewrites every `$ref` under `node`, collecting the schema keys it points at. */
function rewriteRefs(node: unknown, baseId: string, found: Set<string>): unknown {
  if (Array.isArray(node)) return node.map((item) => rewriteRefs(item, baseId, found));
  if (typeof node !== 'object' || node === null) return node;
  const out: JsonObject = {};
  for (const [name, value] of Object.entries(node)) {
    if (name === '$ref' && typeof value === 'string') {
      const { key, pointer } = schemaKeyOf(new URL(value, baseId).href);
      found.add(key);
      out.$ref = `#/components/schemas/${componentName(key)}${pointer}`;
    } else if (name !== '$id' && name !== '$schema') {
      out[name] = rewriteRefs(value, baseId, found);
    }
  }
  return out;
}

function readSchema(key: string): JsonObject {
  return JSON.parse(readFileSync(join(SCHEMAS_DIR, `${key}${SUFFIX}`), 'utf8')) as JsonObject;
}

/** The components for these schema keys and everything they refer to, by component name. */
export function schemaComponents(rootKeys: Iterable<string>): Record<string, JsonObject> {
  const components: Record<string, JsonObject> = {};
  const pending = [...new Set(rootKeys)];
  const done = new Set<string>();
  while (pending.length > 0) {
    const key = pending.pop() as string;
    if (done.has(key)) continue;
    done.add(key);
    if (key.startsWith('harness/')) throw new Error(`schema ${key} is the suite's, not the API's`);
    const found = new Set<string>();
    components[componentName(key)] = rewriteRefs(readSchema(key), `${SCHEMA_ID_BASE}${key}${SUFFIX}`, found) as JsonObject;
    pending.push(...[...found].filter((next) => !done.has(next)));
  }
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
