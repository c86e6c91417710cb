import { invalid } from '../core/jsonApi.ts';
import { optionalTags, readResource } from '../core/requestBody.ts';
import type { ApplicationKind } from './sandboxRecords.ts';

// POST /applications (outside the documents; the sandbox triggers of section 4.5
// need applications to act on). Every failure names the member by JSON pointer.

export interface PersonInput {
  fullName: { first: string; last: string };
  ssn: string;
}

export interface ApplicationInput {
  kind: ApplicationKind;
  /** Attributes as submitted, without SSNs. */
  applicant: Record<string, unknown>;
  tags: Record<string, string>;
  /** The SSNs that decide the outcome: the applicant's, or the officer's and the owners'. */
  ssn?: string;
  officer?: PersonInput;
  beneficialOwners?: PersonInput[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const SSN = /^\d{9}$/;
const DIGITS = /^\d{1,15}$/;
const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;

function text(parent: Json, name: string, pointer: string): string {
  const value = parent[name];
  if (typeof value !== 'string' || value.trim() === '')
    throw invalid(`${pointer}/${name}`, `${name} is required and must be a non-empty string`);
  return value;
}

function object(parent: Json, name: string, pointer: string): Json {
  const value = parent[name];
  if (!isObject(value)) throw invalid(`${pointer}/${name}`, `${name} is required and must be an object`);
  return value;
}

function fullName(parent: Json, pointer: string): { first: string; last: string } {
  const value = object(parent, 'fullName', pointer);
  return { first: text(value, 'first', `${pointer}/fullName`), last: text(value, 'last', `${pointer}/fullName`) };
}

function ssn(parent: Json, pointer: string): string {
  const value = parent.ssn;
  if (typeof value !== 'string' || !SSN.test(value)) throw invalid(`${pointer}/ssn`, 'ssn is required and must be 9 digits');
  return value;
}

function phone(parent: Json, pointer: string): void {
  const value = object(parent, 'phone', pointer);
  for (const member of ['countryCode', 'number']) {
    if (typeof value[member] !== 'string' || !DIGITS.test(value[member] as string)) {
      throw invalid(`${pointer}/phone/${member}`, `phone.${member} is required and must be a string of digits`);
    }
  }
}

function address(parent: Json, pointer: string): void {
  const value = object(parent, 'address', pointer);
  for (const member of ['street', 'city', 'state', 'postalCode', 'country']) text(value, member, `${pointer}/address`);
}

function email(parent: Json, pointer: string): void {
  const value = text(parent, 'email', pointer);
  if (!/^[^@\s]+@[^@\s]+$/.test(value)) throw invalid(`${pointer}/email`, 'email must be an e-mail address');
}

function dateOfBirth(parent: Json, pointer: string): void {
  const value = text(parent, 'dateOfBirth', pointer);
  const parsed = new Date(`${value}T00:00:00Z`);
  if (!FULL_DATE.test(value) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) {
    throw invalid(`${pointer}/dateOfBirth`, 'dateOfBirth must be an RFC 3339 full date (YYYY-MM-DD)');
  }
}

function person(value: unknown, pointer: string): PersonInput {
  if (!isObject(value)) throw invalid(pointer, 'must be an object with fullName and ssn');
  return { fullName: fullName(value, pointer), ssn: ssn(value, pointer) };
}

const withoutSsn = (value: Json): Json => {
  const { ssn: _ssn, ...rest } = value;
  return rest;
};

export function readApplication(body: unknown): ApplicationInput {
  const resource = readResource(body, ['individualApplication', 'businessApplication']);
  const attributes = resource.attributes;
  const at = '/data/attributes';
  const tags = optionalTags(resource) ?? {};
  if (resource.type === 'individualApplication') {
    fullName(attributes, at);
    email(attributes, at);
    phone(attributes, at);
    address(attributes, at);
    dateOfBirth(attributes, at);
    const applicantSsn = ssn(attributes, at);
    const { tags: _tags, ...applicant } = withoutSsn(attributes);
    return { kind: 'individualApplication', applicant, tags, ssn: applicantSsn };
  }
  text(attributes, 'name', at);
  address(attributes, at);
  phone(attributes, at);
  const officer = person(attributes.officer, `${at}/officer`);
  const owners = attributes.beneficialOwners;
  if (!Array.isArray(owners)) throw invalid(`${at}/beneficialOwners`, 'beneficialOwners is required and must be an array');
  const beneficialOwners = owners.map((owner, index) => person(owner, `${at}/beneficialOwners/${index}`));
  const { tags: _tags, ...rest } = attributes;
  const applicant: Json = {
    ...rest,
    officer: withoutSsn(attributes.officer as Json),
    beneficialOwners: owners.map((owner) => withoutSsn(owner as Json)),
  };
  return { kind: 'businessApplication', applicant, tags, officer, beneficialOwners };
}
