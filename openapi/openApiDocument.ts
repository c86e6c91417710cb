import { suiteVersion } from '../contract/catalogue/suiteVersion.ts';
import { DELIVERY_MEDIA_TYPES, JSON_API } from '../contract/facts/mediaTypes.ts';
import { AT_LEAST_ONCE_BATCH_SIZE, SIGNATURE_HEADER } from '../contract/facts/webhookDelivery.ts';
import { OPERATIONS, type Operation } from '../contract/catalogue/operationCatalogue.ts';
import type { QueryParameter, RequestBody } from '../contract/catalogue/operationInputs.ts';
import { eventTypeCatalogue } from '../contract/catalogue/schemaRegistry.ts';
import { componentRef, schemaComponents, type JsonObject } from './schemaComponents.ts';

// An OpenAPI 3.1 document of the API, derived — never written by hand — from the
// operation catalogue (paths, methods, scopes, statuses, query parameters, request
// bodies) and schemas/ (every request, response and event schema), so that Prism,
// Schemathesis, Microcks or a client generator can be fed the API the suite judges.
// Where the documents say "not shown" (a response, a status code, the error body),
// the document says so instead of inventing one.

const API_TITLE = 'Positive Pay, Webhooks, Event Retrieval and Sandbox Simulation Interface';
const SECURITY_SCHEME = 'bearerAuth';
const MAX_BATCH = AT_LEAST_ONCE_BATCH_SIZE;

export interface OpenApiOptions {
  /** Base URL of the server the document describes (default: a `{baseUrl}` variable). */
  serverUrl?: string;
}

const TAGS: Record<string, { name: string; description: string }> = {
  positivePayPolicy: { name: 'Positive pay policy', description: 'API §4.1: account-level and product-level opt-in' },
  depositProduct: { name: 'Positive pay policy', description: 'API §4.1: account-level and product-level opt-in' },
  positivePay: { name: 'Positive pay rules', description: 'API §4.2' },
  webhook: { name: 'Webhooks', description: 'API §4.3' },
  event: { name: 'Events', description: 'API §4.4: retrieval and resending, up to 90 days back' },
  sandbox: { name: 'Sandbox', description: 'API §4.5: sandbox-only operations' },
};

/** `positivePay.create` → `positivePayCreate`; `payment.canceled` → `paymentCanceled`. */
const camel = (dotted: string) => dotted.replace(/[.\-_]+(\w)/g, (_, letter: string) => letter.toUpperCase());

function parameterSchema(parameter: QueryParameter): JsonObject {
  const value: JsonObject = parameter.valuesSchema
    ? componentRef(parameter.valuesSchema)
    : parameter.type === 'date-time'
      ? { type: 'string', format: 'date-time' }
      : { type: parameter.type };
  if (parameter.values) value.enum = [...parameter.values];
  if (parameter.default !== undefined) value.default = parameter.default;
  if (parameter.minimum !== undefined) value.minimum = parameter.minimum;
  if (parameter.maximum !== undefined) value.maximum = parameter.maximum;
  return parameter.repeatable ? { type: 'array', items: value } : value;
}

function queryParameter(parameter: QueryParameter): JsonObject {
  const empty = parameter.default === undefined ? ' Default: empty (no filtering).' : '';
  return {
    name: parameter.name,
    in: 'query',
    required: false,
    description: `${parameter.description}.${empty}`,
    schema: parameterSchema(parameter),
    ...(parameter.repeatable ? { style: 'form', explode: true } : {}),
  };
}

const pathParameters = (path: string): JsonObject[] =>
  [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } }));

function requestBody(request: RequestBody): JsonObject {
  if (request.kind === 'file') {
    const megabytes = request.maxBytes / (1024 * 1024);
    return {
      required: true,
      description: `The raw file, at most ${megabytes} MB (${request.maxBytes} bytes); other media types or larger files are refused (§7, §8).`,
      content: Object.fromEntries(request.mediaTypes.map((type) => [type, { schema: { type: 'string', contentMediaType: type } }])),
    };
  }
  const [only] = request.schemas;
  const schema = request.schemas.length === 1 && only ? componentRef(only) : { oneOf: request.schemas.map(componentRef) };
  return { required: true, content: { [JSON_API]: { schema } } };
}

function responses(operation: Operation): JsonObject {
  const success =
    operation.successStatus && operation.responseSchema
      ? {
          [String(operation.successStatus)]: {
            description: `Success (API §${operation.section})`,
            content: { [JSON_API]: { schema: componentRef(operation.responseSchema) } },
          },
        }
      : { '2XX': { description: `Success; the response is not shown in the documents (API §${operation.section})` } };
  return {
    ...success,
    '4XX': {
      description:
        'Refused: missing or invalid token (401 expected), missing scope (403 expected), invalid request, unknown resource. The documents do not show the status codes or the error body format (API §7).',
    },
  };
}

function description(operation: Operation): string {
  const lines = [`API §${operation.section}.`];
  lines.push(operation.scope ? `Scope \`${operation.scope}\` (§5.1).` : 'Required scope: not shown in the documents (any valid token).');
  if (operation.sandboxOnly) lines.push('Exists only in the sandbox environment (§4.5).');
  if (!operation.successStatus) lines.push('Response: not shown.');
  return lines.join(' ');
}

function pathOperation(name: string, operation: Operation): JsonObject {
  const object = name.split('.')[0] ?? name;
  return {
    operationId: camel(name),
    summary: operation.summary,
    description: description(operation),
    tags: [TAGS[object]?.name ?? object],
    parameters: [...pathParameters(operation.path), ...(operation.query ?? []).map(queryParameter)],
    ...(operation.request ? { requestBody: requestBody(operation.request) } : {}),
    responses: responses(operation),
    security: [{ [SECURITY_SCHEME]: operation.scope ? [operation.scope] : [] }],
    'x-operation-name': name,
    ...(operation.sandboxOnly ? { 'x-sandbox-only': true } : {}),
  };
}

function paths(): Record<string, JsonObject> {
  const byPath: Record<string, JsonObject> = {};
  for (const [name, operation] of Object.entries(OPERATIONS as Record<string, Operation>)) {
    const item = (byPath[operation.path] ??= {});
    item[operation.method.toLowerCase()] = pathOperation(name, operation);
  }
  return byPath;
}

function webhooks(): Record<string, JsonObject> {
  const entries = eventTypeCatalogue().map((entry) => {
    const event = componentRef(`events/types/${entry.type}`);
    const payload = {
      type: 'object',
      required: ['data'],
      properties: {
        data: { oneOf: [{ type: 'array', minItems: 1, maxItems: MAX_BATCH, items: event }, event] },
        included: { type: 'array', description: 'The related resources, when the webhook has includeResources (§6.1)' },
      },
    };
    const post = {
      operationId: `${camel(entry.type)}Event`,
      summary: `Event ${entry.type}`,
      description:
        `${entry.section}. Sent to the url of every Enabled webhook whose subscriptionType admits it (§6.1). ` +
        `The envelope is not shown in the documents: this is the suite's reading, {data: [event, ...]} with at most ${MAX_BATCH} events ` +
        '(a batch may mix types, each matching its own schema) or a single event. contentType Json sends application/json, JsonAPI application/vnd.api+json.',
      tags: ['Webhook deliveries'],
      parameters: [
        {
          name: SIGNATURE_HEADER,
          in: 'header',
          required: false,
          description: 'base64 of the HMAC-SHA1 of the raw body keyed with the webhook token; present when the token is not empty (§5.3)',
          schema: { type: 'string' },
        },
      ],
      requestBody: {
        required: true,
        content: Object.fromEntries(Object.values(DELIVERY_MEDIA_TYPES).map((type) => [type, { schema: payload }])),
      },
      responses: {
        '200': { description: 'Received. AtMostOnce counts only 200 as delivered; AtLeastOnce any 2xx, and retries otherwise (§6.1).' },
      },
    };
    return [entry.type, { post }] as const;
  });
  return Object.fromEntries(entries);
}

/** Every schema key the paths and webhooks refer to; the components follow their references. */
function rootSchemaKeys(): string[] {
  const keys = new Set<string>();
  for (const operation of Object.values(OPERATIONS as Record<string, Operation>)) {
    if (operation.responseSchema) keys.add(operation.responseSchema);
    if (operation.request?.kind === 'json') for (const key of operation.request.schemas) keys.add(key);
    for (const parameter of operation.query ?? []) if (parameter.valuesSchema) keys.add(parameter.valuesSchema.split('#')[0] ?? '');
  }
  for (const entry of eventTypeCatalogue()) keys.add(`events/types/${entry.type}`);
  return [...keys];
}

export function openApiDocument(options: OpenApiOptions = {}): JsonObject {
  const servers = options.serverUrl
    ? [{ url: options.serverUrl }]
    : [
        {
          url: '{baseUrl}',
          variables: {
            baseUrl: { default: 'http://127.0.0.1:8080', description: 'The service base address ({base_url} in the documents)' },
          },
        },
      ];
  return {
    openapi: '3.1.0',
    info: {
      title: API_TITLE,
      version: suiteVersion(),
      description:
        'Derived by banking-api-conformance from its operation catalogue and JSON Schemas, which cite the API document and the Event Catalog. ' +
        'Every operation has a documented time-out of 5 seconds. The API version identifier is not shown in the documents (§9): ' +
        'info.version is the version of the suite that derived this document.',
    },
    servers,
    tags: [
      ...new Map(Object.values(TAGS).map((tag) => [tag.name, tag])).values(),
      { name: 'Webhook deliveries', description: 'API §6.1, Event Catalog' },
    ],
    paths: paths(),
    webhooks: webhooks(),
    components: {
      securitySchemes: {
        [SECURITY_SCHEME]: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Authorization: Bearer <ACCESS_TOKEN> (§5.1). Each operation lists the scope it needs as a role name; how tokens are obtained is not shown.',
        },
      },
      schemas: schemaComponents(rootSchemaKeys()),
    },
  };
}
