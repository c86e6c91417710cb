import { Validator } from '@seriousme/openapi-schema-validator';
import Ajv2020Module from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import { describe, expect, test } from 'vitest';
import { openApiDocument } from '../../openapi/openApiDocument.ts';

// The derived document is valid OpenAPI 3.1 by a real validator (the official
// OpenAPI 3.1 JSON Schema, via @seriousme/openapi-schema-validator), every $ref
// resolves, and every component is a JSON Schema 2020-12 that Ajv compiles in
// strict mode (the validator checks the document's structure, not the schemas in it).

const Ajv2020 = Ajv2020Module.default;
const addFormats = addFormatsModule.default;
const BASE = 'https://openapi.test/document.json';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

async function validate(document: Json) {
  const validator = new Validator();
  const result = await validator.validate(structuredClone(document));
  return { result, validator };
}

function compileComponents(document: Json): string[] {
  const ajv = new Ajv2020({ strict: true, strictRequired: false });
  addFormats(ajv);
  // The components sit under an unknown keyword: refs of the form #/components/schemas/... resolve into it.
  ajv.addKeyword('components');
  ajv.addSchema({ $id: BASE, components: { schemas: document.components.schemas } });
  const problems: string[] = [];
  for (const name of Object.keys(document.components.schemas)) {
    try {
      if (!ajv.getSchema(`${BASE}#/components/schemas/${name}`)) problems.push(`${name}: not found`);
    } catch (error) {
      problems.push(`${name}: ${(error as Error).message}`);
    }
  }
  return problems;
}

describe('the OpenAPI document', () => {
  const document: Json = openApiDocument();

  test('is valid OpenAPI 3.1 and every $ref resolves', async () => {
    const { result, validator } = await validate(document);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    expect(() => validator.resolveRefs()).not.toThrow();
  });

  test('has components that compile as strict JSON Schema 2020-12', () => {
    expect(Object.keys(document.components.schemas).length).toBeGreaterThan(114);
    expect(compileComponents(document)).toEqual([]);
  });

  test('the checks reject a broken document: a missing info, a dangling $ref', async () => {
    const withoutInfo = structuredClone(document);
    delete withoutInfo.info;
    expect((await validate(withoutInfo)).result.valid).toBe(false);
    const dangling = structuredClone(document);
    dangling.components.schemas['documents.webhook'].properties.data = { $ref: '#/components/schemas/documents.nothing' };
    expect(compileComponents(dangling).join('\n')).toMatch(/documents\.webhook/);
  });
});
