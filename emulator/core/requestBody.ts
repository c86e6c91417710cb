import { invalid } from './jsonApi.ts';

// Reading JSON:API request documents (Conventions: data.type, data.attributes,
// data.relationships). Each failure names the member by JSON pointer.

export interface ResourceObject {
  type: string;
  attributes: Record<string, unknown>;
  relationships: Record<string, unknown>;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export function readResource(body: unknown, allowedTypes: readonly string[]): ResourceObject {
  if (!isObject(body)) throw invalid('', 'the request body must be a JSON:API document (a JSON object with member data)');
  const data = body.data;
  if (!isObject(data)) throw invalid('/data', 'data must be an object');
  if (typeof data.type !== 'string') throw invalid('/data/type', 'data.type is required and must be a string');
  if (!allowedTypes.includes(data.type)) {
    throw invalid('/data/type', `data.type must be one of ${allowedTypes.join(', ')}; got '${data.type}'`);
  }
  const attributes = data.attributes ?? {};
  if (!isObject(attributes)) throw invalid('/data/attributes', 'data.attributes must be an object');
  const relationships = data.relationships ?? {};
  if (!isObject(relationships)) throw invalid('/data/relationships', 'data.relationships must be an object');
  return { type: data.type, attributes, relationships };
}

/** A required to-one relationship: returns the related id after checking its type. */
export function readRelationship(resource: ResourceObject, name: string, expectedType: string): string {
  const pointer = `/data/relationships/${name}`;
  const relationship = resource.relationships[name];
  if (relationship === undefined) throw invalid(pointer, `relationship ${name} is required`);
  if (!isObject(relationship) || !isObject(relationship.data)) {
    throw invalid(`${pointer}/data`, `relationship ${name} must be {data: {type, id}}`);
  }
  const { type, id } = relationship.data;
  if (type !== expectedType) throw invalid(`${pointer}/data/type`, `${name}.data.type must be '${expectedType}'`);
  if (typeof id !== 'string' || id.length === 0) throw invalid(`${pointer}/data/id`, `${name}.data.id must be a non-empty string`);
  return id;
}

export function optionalString(resource: ResourceObject, name: string): string | undefined {
  const value = resource.attributes[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw invalid(`/data/attributes/${name}`, `${name} must be a string`);
  return value;
}

export function optionalBoolean(resource: ResourceObject, name: string): boolean | undefined {
  const value = resource.attributes[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw invalid(`/data/attributes/${name}`, `${name} must be a boolean`);
  return value;
}

/** Integer cents (Conventions: "money amounts are integers in cents"). */
export function optionalCents(resource: ResourceObject, name: string): number | undefined {
  const value = resource.attributes[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalid(`/data/attributes/${name}`, `${name} must be a non-negative integer number of cents`);
  }
  return value;
}

export function optionalEnum<T extends string>(resource: ResourceObject, name: string, allowed: readonly T[]): T | undefined {
  const value = resource.attributes[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw invalid(`/data/attributes/${name}`, `${name} must be one of ${allowed.join(', ')}`);
  }
  return value as T;
}

export function requireEnumArray<T extends string>(resource: ResourceObject, name: string, allowed: readonly T[]): T[] {
  const pointer = `/data/attributes/${name}`;
  const value = resource.attributes[name];
  if (value === undefined) throw invalid(pointer, `${name} is required`);
  if (!Array.isArray(value)) throw invalid(pointer, `${name} must be an array`);
  value.forEach((element, index) => {
    if (typeof element !== 'string' || !(allowed as readonly string[]).includes(element)) {
      throw invalid(`${pointer}/${index}`, `each element of ${name} must be one of ${allowed.join(', ')}`);
    }
  });
  return [...new Set(value as T[])];
}

export function optionalTags(resource: ResourceObject): Record<string, string> | undefined {
  const value = resource.attributes.tags;
  if (value === undefined) return undefined;
  if (!isObject(value) || !Object.values(value).every((tag) => typeof tag === 'string')) {
    throw invalid('/data/attributes/tags', 'tags must be an object whose values are strings');
  }
  return value as Record<string, string>;
}

const FULL_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** RFC 3339 full-date (Conventions: `<date>`), checked for a real calendar day. */
export function optionalDate(resource: ResourceObject, name: string): string | undefined {
  const value = resource.attributes[name];
  if (value === undefined) return undefined;
  const match = typeof value === 'string' ? FULL_DATE.exec(value) : null;
  const parsed = match ? new Date(`${value as string}T00:00:00Z`) : null;
  if (!match || !parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) {
    throw invalid(`/data/attributes/${name}`, `${name} must be an RFC 3339 full date (YYYY-MM-DD)`);
  }
  return value as string;
}
