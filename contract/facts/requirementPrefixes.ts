// The requirement-id prefixes, written once for the catalogue loader, the results
// schema (held to this file by test/contract/catalogue/requirementsSchema.test.ts) and the docs.
// Each prefix belongs to one catalogue file: an id says where it is written.

/** Prefix → the requirements/ file that holds every id with it. */
export const REQUIREMENT_FILES = {
  PP: 'positive-pay.yaml',
  DC: 'decisioning.yaml',
  WH: 'webhooks.yaml',
  DL: 'delivery.yaml',
  EV: 'events.yaml',
  SB: 'sandbox.yaml',
  AU: 'auth.yaml',
  GN: 'conventions.yaml',
  RC: 'receiver.yaml',
  CL: 'client.yaml',
} as const;

export type RequirementPrefix = keyof typeof REQUIREMENT_FILES;
export const REQUIREMENT_PREFIXES = Object.keys(REQUIREMENT_FILES) as RequirementPrefix[];

/** A prefix, then upper-case words joined by hyphens: `PP-RULE-CREATE`. */
export const REQUIREMENT_ID_PATTERN = `^(${REQUIREMENT_PREFIXES.join('|')})-[A-Z0-9]+(-[A-Z0-9]+)*$`;
export const REQUIREMENT_ID = new RegExp(REQUIREMENT_ID_PATTERN);

/** The area an id belongs to, by its prefix (`PP-RULE-CREATE` → `PP`). */
export const requirementPrefixOf = (id: string): string => id.split('-')[0] ?? id;
