import { CONTROL_PREFIX } from '../../contract/facts/controlRoutes.ts';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MAX_BYTES_DECIMAL,
  DOCUMENT_MEDIA_TYPES,
  DOCUMENT_SIZE_MB,
} from '../../contract/facts/documentLimits.ts';
import { ENVIRONMENTS } from '../../contract/facts/environments.ts';
import { REQUIREMENT_PREFIXES } from '../../contract/facts/requirementPrefixes.ts';
import { SIMULATION_ROUTES } from '../../contract/facts/simulationRoutes.ts';
import { CONTENT_TYPES, DELIVERY_MODES } from '../../contract/facts/webhookAttributes.ts';

// The facts of the documents that contract/facts/ writes once, each with how a second copy
// of it looks in code. Every value comes from contract/facts/, so this list writes no copy.

/** How a copy is found (test/tree/literalCopies.ts reads these). */
export type CopyFinder =
  /** The number, as a literal or literal arithmetic (`20 * 1024 * 1024`), or its digits in a string. */
  | { kind: 'number'; value: number }
  /** A string (or regex) whose text matches; `example` is a text it must match. */
  | { kind: 'text'; pattern: RegExp; example: string }
  /**
   * Two or more members of a vocabulary written together: an array, a union type,
   * comparisons joined by && or ||, or a string or regex listing them (`a or b`, `a|b`).
   * One member on its own is a use of the vocabulary, held to it by the spec's type.
   */
  | { kind: 'list'; members: readonly string[] };

export interface SingleFact {
  name: string;
  /** The contract/facts/ module that writes it. */
  spec: string;
  finders: readonly CopyFinder[];
}

const escaped = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

export const SINGLE_FACTS: readonly SingleFact[] = [
  {
    name: 'the document size limit in bytes (section 8)',
    spec: 'contract/facts/documentLimits.ts',
    finders: [
      { kind: 'number', value: DOCUMENT_MAX_BYTES },
      { kind: 'number', value: DOCUMENT_MAX_BYTES_DECIMAL },
    ],
  },
  {
    name: 'the document size limit in words (section 8)',
    spec: 'contract/facts/documentLimits.ts',
    finders: [{ kind: 'text', pattern: new RegExp(`(?<![\\d.])${DOCUMENT_SIZE_MB} ?Mi?B\\b`), example: `at most ${DOCUMENT_SIZE_MB} MB` }],
  },
  {
    name: 'the document media types (section 8)',
    spec: 'contract/facts/documentLimits.ts',
    finders: [{ kind: 'list', members: DOCUMENT_MEDIA_TYPES }],
  },
  {
    name: 'the delivery modes (section 2.6)',
    spec: 'contract/facts/webhookAttributes.ts',
    finders: [{ kind: 'list', members: DELIVERY_MODES }],
  },
  {
    name: 'the webhook content types (section 2.6)',
    spec: 'contract/facts/webhookAttributes.ts',
    finders: [{ kind: 'list', members: CONTENT_TYPES }],
  },
  { name: 'the environments', spec: 'contract/facts/environments.ts', finders: [{ kind: 'list', members: ENVIRONMENTS }] },
  {
    name: 'the requirement-id prefixes',
    spec: 'contract/facts/requirementPrefixes.ts',
    finders: [{ kind: 'list', members: REQUIREMENT_PREFIXES }],
  },
  {
    name: 'the control prefix',
    spec: 'contract/facts/controlRoutes.ts',
    finders: [{ kind: 'text', pattern: new RegExp(escaped(CONTROL_PREFIX)), example: `POST ${CONTROL_PREFIX}/tokens` }],
  },
  {
    name: "the reference emulator's payment-simulation paths and request types",
    spec: 'contract/facts/simulationRoutes.ts',
    finders: Object.values(SIMULATION_ROUTES).flatMap(({ path, type }) => [
      { kind: 'text' as const, pattern: new RegExp(`${escaped(path)}(?![\\w-])`), example: `POST ${path}` },
      { kind: 'text' as const, pattern: new RegExp(`(?<![\\w])${escaped(type)}(?![\\w])`), example: `"type": "${type}"` },
    ]),
  },
];
