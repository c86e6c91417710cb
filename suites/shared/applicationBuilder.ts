/* eslint-disable @typescript-eslint/no-explicit-any -- JSON:API documents as the target sends them: read member by member, untyped by nature */
import { readFileSync } from 'node:fs';
import type { Faker } from '@faker-js/faker';

// Application request bodies from the fixtures (fixtures/applications/), with
// fresh names from the scenario's seeded faker and the SSNs a trigger row asks
// for. SSNs not named by the row are ordinary ones that trigger nothing.

export interface TriggerSsns {
  applicant?: string;
  officer?: string;
  /** Beneficial owner index → SSN. */
  owners?: Record<string, string>;
}

export type ApplicationKind = 'individual' | 'business';

const FIXTURES = new URL('../../fixtures/applications/', import.meta.url);
const template = (name: string): any => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8'));

/** Nine digits with a leading 1–8: never one of the 00000000x trigger values. */
const ordinarySsn = (faker: Faker): string => `${faker.number.int({ min: 1, max: 8 })}${faker.string.numeric(8)}`;

function person(faker: Faker, value: any, ssn: string): any {
  return { ...value, fullName: { first: faker.person.firstName(), last: faker.person.lastName() }, ssn };
}

export function applicationBody(kind: ApplicationKind, faker: Faker, ssns: TriggerSsns = {}): any {
  if (kind === 'individual') {
    const body = template('individual-application.json');
    body.data.attributes = {
      ...person(faker, body.data.attributes, ssns.applicant ?? ordinarySsn(faker)),
      email: faker.internet.email(),
    };
    return body;
  }
  const body = template('business-application.json');
  const attributes = body.data.attributes;
  attributes.name = faker.company.name();
  attributes.officer = person(faker, attributes.officer, ssns.officer ?? ordinarySsn(faker));
  attributes.beneficialOwners = attributes.beneficialOwners.map((owner: any, index: number) =>
    person(faker, owner, ssns.owners?.[String(index)] ?? ordinarySsn(faker)),
  );
  return body;
}

export function documentFile(name: 'document-front.png' | 'document-back.pdf'): { bytes: Buffer; contentType: string } {
  return { bytes: readFileSync(new URL(name, FIXTURES)), contentType: name.endsWith('.png') ? 'image/png' : 'application/pdf' };
}
