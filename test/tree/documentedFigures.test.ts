import { expect, test } from 'vitest';
import { DOCUMENTED_FIGURES, FIGURE_KINDS } from './documentedFigures.ts';
import { DOCUMENTED_PAGES } from './documentedPages.ts';

// The pages a newcomer reads state counts and limits; the code changes them (a
// requirement, a fault, a variation added). Every figure is held to the value the
// code has, and a figure of a checked kind that no entry claims fails too, so no
// figure can drift unseen.

/** Where each match's group 1 starts, and the number it says. */
function figuresIn(text: string, pattern: RegExp): Array<{ at: number; said: number; quoted: string }> {
  const global = new RegExp(pattern.source, `${pattern.flags.replace('g', '')}gd`);
  return [...text.matchAll(global)].map((match) => ({
    at: match.indices?.[1]?.[0] ?? match.index,
    said: Number((match[1] ?? '').replaceAll(',', '')),
    quoted: match[0],
  }));
}

test('every figure the pages state is the value the code has', () => {
  const wrong: string[] = [];
  for (const figure of DOCUMENTED_FIGURES) {
    const value = figure.value();
    for (const page of DOCUMENTED_PAGES) {
      for (const found of figuresIn(page.text, figure.pattern)) {
        if (found.said !== value) wrong.push(`${page.path}: "${found.quoted}" — ${figure.what} is ${value}`);
      }
    }
  }
  expect(wrong).toEqual([]);
});

test('every documented figure is stated somewhere, so its pattern still matches the wording', () => {
  const unstated = DOCUMENTED_FIGURES.filter((figure) =>
    DOCUMENTED_PAGES.every((page) => figuresIn(page.text, figure.pattern).length === 0),
  );
  expect(unstated.map((figure) => `${figure.what}: ${figure.pattern}`)).toEqual([]);
});

test('a count or size the pages state is one a documented figure checks', () => {
  const unchecked: string[] = [];
  for (const page of DOCUMENTED_PAGES) {
    const claimed = new Set(DOCUMENTED_FIGURES.flatMap((figure) => figuresIn(page.text, figure.pattern).map((found) => found.at)));
    for (const kind of FIGURE_KINDS) {
      for (const found of figuresIn(page.text, kind)) {
        if (!claimed.has(found.at)) unchecked.push(`${page.path}: "${found.quoted}"`);
      }
    }
  }
  expect(unchecked, 'add an entry to test/tree/documentedFigures.ts, or write the page without the figure').toEqual([]);
});
