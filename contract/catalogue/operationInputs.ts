// What the documented operations take besides their path: the query parameters of
// the three list operations (the tables of API §4.2, §4.3, §4.4 with the limits of
// §8) and the request bodies (schema keys under schemas/, or raw files for the
// document upload). Data only: the operation catalogue points at it, and the
// OpenAPI document (openapi/) is derived from it.

import { DOCUMENT_MAX_BYTES, DOCUMENT_MEDIA_TYPES } from '../facts/documentLimits.ts';

export interface QueryParameter {
  name: string;
  type: 'integer' | 'string' | 'date-time';
  description: string;
  default?: number | string;
  minimum?: number;
  maximum?: number;
  /** Allowed values, as a schema: `<schema key>#<JSON pointer>`. */
  valuesSchema?: string;
  /** Allowed values, where no schema lists them. */
  values?: readonly string[];
  /** Given several times (`filter[type][]=a&filter[type][]=b`). */
  repeatable?: boolean;
}

export type RequestBody =
  /** A JSON:API document matching one of these schemas (`data.type` tells which). */
  | { kind: 'json'; schemas: readonly string[] }
  /** The raw bytes of a file of one of these media types. */
  | { kind: 'file'; mediaTypes: readonly string[]; maxBytes: number };

/** §8: default and maximum page size, default offset of every list operation. */
export const PAGE_LIMIT = { default: 100, maximum: 1000 } as const;

const PAGE: readonly QueryParameter[] = [
  {
    name: 'page[limit]',
    type: 'integer',
    default: PAGE_LIMIT.default,
    maximum: PAGE_LIMIT.maximum,
    description: 'Maximum number of resources returned',
  },
  { name: 'page[offset]', type: 'integer', default: 0, minimum: 0, description: 'Number of resources to skip' },
];

const DATE_RANGE: readonly QueryParameter[] = [
  { name: 'filter[since]', type: 'date-time', description: 'Results after the date (RFC 3339 date-time)' },
  { name: 'filter[until]', type: 'date-time', description: 'Results before the date (RFC 3339 date-time)' },
];

/** API §4.2, GET /positive-pay. */
export const RULE_LIST_QUERY: readonly QueryParameter[] = [
  ...PAGE,
  { name: 'filter[accountId]', type: 'string', description: 'Filter by account id' },
  {
    name: 'filter[status]',
    type: 'string',
    valuesSchema: 'common/definitions#/$defs/positivePayRuleStatus',
    description: 'Filter by rule status',
  },
  {
    name: 'filter[type]',
    type: 'string',
    valuesSchema: 'common/definitions#/$defs/positivePayRuleType',
    description: 'Filter by rule type',
  },
  {
    name: 'sort',
    type: 'string',
    default: '-createdAt',
    values: ['', 'createdAt', '-createdAt'],
    description: 'Empty or `createdAt` is ascending; `-createdAt` is descending',
  },
];

/** API §4.3, GET /webhooks. */
export const WEBHOOK_LIST_QUERY: readonly QueryParameter[] = [
  ...PAGE,
  ...DATE_RANGE,
  { name: 'filter[fromId]', type: 'integer', description: 'Results with id greater than or equal' },
  { name: 'filter[toId]', type: 'integer', description: 'Results with id less than or equal' },
];

/** API §4.4, GET /events (up to 90 days back). */
export const EVENT_LIST_QUERY: readonly QueryParameter[] = [
  ...PAGE,
  { name: 'filter[type][]', type: 'string', repeatable: true, description: 'Filter by event type' },
  ...DATE_RANGE,
];

export const json = (...schemas: string[]): RequestBody => ({ kind: 'json', schemas });

export const RULE_DOCUMENT: RequestBody = { kind: 'file', mediaTypes: DOCUMENT_MEDIA_TYPES, maxBytes: DOCUMENT_MAX_BYTES };
