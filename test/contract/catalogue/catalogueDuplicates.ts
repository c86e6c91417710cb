import type { Requirement } from '../../../contract/catalogue/requirementCatalogue.ts';
import { derivedTitle, type Scenario } from '../../../harness/engine/scenario.ts';
import { RFC2119_WORDS } from './checkMessageLevels.ts';

// What the catalogue gate (test/contract/catalogue/) holds the catalogue and the scenarios to:
// a sentence is written once. "The same behaviour" is decided on the statement:
// two requirements judge the same behaviour when their statements are the same
// once the level (an RFC 2119 word, and a NOT after it), case, punctuation and
// spacing are set aside; a behaviour judged at two levels ("MUST NOT succeed" /
// "SHOULD NOT succeed") is then caught too. Overlaps worded differently are not: those are
// found by reading, and merged or separated in the YAML.

const LEVEL_WORDS = new RegExp(`\\b(?:${RFC2119_WORDS.join('|')})(?:\\s+[Nn][Oo][Tt])?\\b`, 'g');

/** The statement with its level, case, punctuation and spacing set aside. */
export const behaviourKey = (statement: string): string =>
  statement
    .replace(LEVEL_WORDS, ' ')
    .toLowerCase()
    .replace(/[^a-z0-9{}/[\]]+/g, ' ')
    .trim();

/** Groups of requirement ids whose statements name the same behaviour, each as "A = B". */
export function sameBehaviour(requirements: readonly Pick<Requirement, 'id' | 'statement'>[]): string[] {
  const byKey = new Map<string, string[]>();
  for (const requirement of requirements) {
    const key = behaviourKey(requirement.statement);
    byKey.set(key, [...(byKey.get(key) ?? []), requirement.id]);
  }
  return [...byKey.values()].filter((ids) => ids.length > 1).map((ids) => ids.join(' = '));
}

/** Scenarios whose title is not the one derived from the YAML (written by hand, or built without defineScenario). */
export const handWrittenTitles = (scenarios: readonly Scenario[]): string[] =>
  scenarios.filter((scenario) => scenario.title !== derivedTitle(scenario)).map((scenario) => `${scenario.id}: ${scenario.title}`);

/** Titles shown for more than one scenario. */
export function repeatedTitles(scenarios: readonly Pick<Scenario, 'title'>[]): string[] {
  const titles = scenarios.map((scenario) => scenario.title);
  return [...new Set(titles.filter((title, index) => titles.indexOf(title) !== index))];
}
