import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { OPERATIONS, type Operation } from '../../contract/catalogue/operationCatalogue.ts';
import { eventTypeCatalogue, schemaRegistry } from '../../contract/catalogue/schemaRegistry.ts';
import { openApiDocument } from '../../openapi/openApiDocument.ts';
import { PROJECT_ROOT } from '../cli/cliProcess.ts';

// The document says what the operation catalogue and schemas/ say, nothing more:
// every operation at its path and method with its scope as the security
// requirement, the list parameters with the documented defaults and limits, the
// request and response schemas, and every catalogued event type under `webhooks`.

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const document: any = openApiDocument();
const operations = Object.entries(OPERATIONS as Record<string, Operation>);
const operationOf = (name: string) => {
  const operation = (OPERATIONS as Record<string, Operation>)[name] as Operation;
  return document.paths[operation.path][operation.method.toLowerCase()];
};
const parameter = (name: string, parameterName: string) =>
  operationOf(name).parameters.find((entry: { name: string }) => entry.name === parameterName);

describe('the OpenAPI document derived from the catalogue', () => {
  test('has every operation, and nothing else, at its path and method with its scope as security requirement', () => {
    const described = Object.entries(document.paths).flatMap(([path, item]) =>
      Object.entries(item as object).map(([method, op]) => [path, method, (op as { 'x-operation-name': string })['x-operation-name']]),
    );
    expect(described.sort()).toEqual(operations.map(([name, operation]) => [operation.path, operation.method.toLowerCase(), name]).sort());
    for (const [name, operation] of operations) {
      expect(operationOf(name).security, name).toEqual([{ bearerAuth: operation.scope ? [operation.scope] : [] }]);
    }
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(new Set(described.map(([, , name]) => operationOf(name as string).operationId)).size).toBe(operations.length);
  });

  test('declares the path parameters and the list parameters with their defaults and limits', () => {
    expect(
      operationOf('sandbox.rejectDocument').parameters.map((entry: { name: string; in: string; required: boolean }) => [
        entry.name,
        entry.in,
        entry.required,
      ]),
    ).toEqual([
      ['applicationId', 'path', true],
      ['documentId', 'path', true],
    ]);
    for (const name of ['positivePay.list', 'webhook.list', 'event.list']) {
      expect(parameter(name, 'page[limit]').schema, name).toEqual({ type: 'integer', default: 100, maximum: 1000 });
      expect(parameter(name, 'page[offset]').schema, name).toEqual({ type: 'integer', default: 0, minimum: 0 });
    }
    expect(parameter('positivePay.list', 'sort').schema).toEqual({
      type: 'string',
      enum: ['', 'createdAt', '-createdAt'],
      default: '-createdAt',
    });
    expect(parameter('positivePay.list', 'filter[status]').schema).toEqual({
      $ref: '#/components/schemas/common.definitions/$defs/positivePayRuleStatus',
    });
    expect(parameter('webhook.list', 'filter[since]').schema).toEqual({ type: 'string', format: 'date-time' });
    expect(parameter('event.list', 'filter[type][]')).toMatchObject({
      style: 'form',
      explode: true,
      schema: { type: 'array', items: { type: 'string' } },
    });
  });

  test('gives request bodies and documented success responses their schemas, and says "not shown" otherwise', () => {
    const ref = (key: string) => ({ $ref: `#/components/schemas/${key.replace(/\//g, '.')}` });
    expect(operationOf('positivePay.create').requestBody.content['application/vnd.api+json'].schema.oneOf).toEqual(
      [
        'requests/rule-check-payment',
        'requests/rule-received-ach-debit',
        'requests/rule-received-ach-credit',
        'requests/rule-drawdown',
      ].map(ref),
    );
    expect(Object.keys(operationOf('positivePay.uploadDocument').requestBody.content)).toEqual([
      'image/png',
      'image/jpeg',
      'application/pdf',
    ]);
    expect(operationOf('positivePay.cancel').requestBody).toBeUndefined();
    for (const [name, operation] of operations) {
      const responses = operationOf(name).responses;
      if (operation.successStatus && operation.responseSchema) {
        expect(responses[String(operation.successStatus)].content['application/vnd.api+json'].schema, name).toEqual(
          ref(operation.responseSchema),
        );
      } else {
        expect(responses['2XX'].description, name).toMatch(/not shown/);
      }
    }
  });

  test('lists every catalogued event type under webhooks, each payload referring to its schema', () => {
    const types = eventTypeCatalogue().map((entry) => entry.type);
    expect(types).toHaveLength(114);
    expect(Object.keys(document.webhooks).sort()).toEqual([...types].sort());
    const payload = document.webhooks['positivePay.cancelled'].post.requestBody.content['application/vnd.api+json'].schema;
    expect(payload.properties.data.oneOf[1]).toEqual({ $ref: '#/components/schemas/events.types.positivePay.cancelled' });
    expect(document.webhooks['positivePay.cancelled'].post.parameters[0].name).toBe('X-Service-Signature');
  });

  test('copies each schema of schemas/ unchanged but for its references', () => {
    // Both sides without $id, $schema and $ref values: what is left must be identical.
    const withoutReferences = (node: unknown): unknown =>
      JSON.parse(JSON.stringify(node, (key, value) => (['$id', '$schema'].includes(key) ? undefined : key === '$ref' ? 'ref' : value)));
    for (const key of [
      'requests/webhook-create',
      'documents/positive-pay-rule-list',
      'events/types/payment.canceled',
      'common/definitions',
    ]) {
      const original = JSON.parse(readFileSync(join(PROJECT_ROOT, 'schemas', `${key}.schema.json`), 'utf8'));
      const component = document.components.schemas[key.replace(/\//g, '.')];
      expect(withoutReferences(component), key).toEqual(withoutReferences(original));
      expect(JSON.stringify(component), key).not.toMatch(/"\$ref":"(?!#\/components\/schemas\/)/);
    }
    expect(schemaRegistry().has('requests/webhook-create')).toBe(true);
    expect(Object.keys(document.components.schemas).some((name) => name.startsWith('harness.'))).toBe(false);
  });
});
