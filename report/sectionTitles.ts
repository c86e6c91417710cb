import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DOCUMENTS, type DocumentKey } from '../contract/catalogue/requirementCatalogue.ts';

// Section headings of the two documents, in document order, so the report can
// group requirements as "API §4.2 Positive pay rules" in the order a reader of
// the documents expects. They are read once from the documents into
// contract/facts/sectionHeadings.json (`npm run spec:headings`), which ships with the
// package: an installed suite has no documents beside it.

export interface SectionIndex {
  /** Heading text of a section ("4.2" → "Positive pay rules"; a named section maps to itself). */
  title(document: string, section: string): string | undefined;
  /** Position in its document; sections not found sort after the known ones. */
  position(document: string, section: string): number;
}

/** Per document, its headings in order: [section number, or the title of an unnumbered one; title]. */
export type SectionHeadings = Record<DocumentKey, Array<[string, string]>>;

export const SHIPPED_HEADINGS_PATH = fileURLToPath(new URL('../contract/facts/sectionHeadings.json', import.meta.url));
const HEADING = /^#{2,4}\s+(?:(\d+(?:\.\d+)*)\.?\s+)?(.+?)\s*$/;

/** The headings of one document's Markdown text. */
function headingsOfText(text: string): Array<[string, string]> {
  const headings: Array<[string, string]> = [];
  for (const line of text.split('\n')) {
    const match = HEADING.exec(line);
    if (!match) continue;
    const [, number, title] = match as unknown as [string, string | undefined, string];
    // Headings are Markdown: `code` spans read better without their backticks.
    headings.push([number ?? title, title.replace(/`/g, '')]);
  }
  return headings;
}

/** The headings read from the documents in `specDir`. */
export function headingsOfDocuments(specDir: string): SectionHeadings {
  const keys = Object.keys(DOCUMENTS) as DocumentKey[];
  return Object.fromEntries(
    keys.map((key) => [key, headingsOfText(readFileSync(`${specDir}/${DOCUMENTS[key]}`, 'utf8'))]),
  ) as SectionHeadings;
}

let shipped: SectionHeadings | undefined;
const shippedHeadings = (): SectionHeadings => (shipped ??= JSON.parse(readFileSync(SHIPPED_HEADINGS_PATH, 'utf8')) as SectionHeadings);

export function sectionIndex(headings: SectionHeadings = shippedHeadings()): SectionIndex {
  const byDocument = new Map<string, Map<string, { title: string; position: number }>>();
  for (const [document, list] of Object.entries(headings)) {
    const entries = new Map<string, { title: string; position: number }>();
    list.forEach(([key, title], position) => entries.set(key, { title, position }));
    byDocument.set(document, entries);
  }
  return {
    title: (document, section) => byDocument.get(document)?.get(section)?.title,
    position: (document, section) => byDocument.get(document)?.get(section)?.position ?? Number.MAX_SAFE_INTEGER,
  };
}
