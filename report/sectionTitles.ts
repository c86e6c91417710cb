import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { DOCUMENTS, type DocumentKey } from '../harness/requirementCatalogue.ts';

// Section headings of the two documents, in document order, so the report can
// group requirements as "API §4.2 Positive pay rules" in the order a reader of
// the documents expects. The documents sit beside the project (../shared/spec);
// without them the report still groups by section number.

export interface SectionIndex {
  /** Heading text of a section ("4.2" → "Positive pay rules"; a named section maps to itself). */
  title(document: string, section: string): string | undefined;
  /** Position in its document; sections not found sort after the known ones. */
  position(document: string, section: string): number;
}

const SPEC_DIR = fileURLToPath(new URL('../../shared/spec/', import.meta.url));
const HEADING = /^#{2,4}\s+(?:(\d+(?:\.\d+)*)\.?\s+)?(.+?)\s*$/;

function headingsOf(file: string): Map<string, { title: string; position: number }> {
  const headings = new Map<string, { title: string; position: number }>();
  if (!existsSync(file)) return headings;
  readFileSync(file, 'utf8').split('\n').forEach((line, position) => {
    const match = HEADING.exec(line);
    if (!match) return;
    const [, number, title] = match as unknown as [string, string | undefined, string];
    // Headings are Markdown: `code` spans read better without their backticks.
    headings.set(number ?? title, { title: title.replace(/`/g, ''), position });
  });
  return headings;
}

export function sectionIndex(specDir: string = SPEC_DIR): SectionIndex {
  const byDocument = new Map<string, ReturnType<typeof headingsOf>>(
    (Object.keys(DOCUMENTS) as DocumentKey[]).map((key) => [key, headingsOf(`${specDir}/${DOCUMENTS[key]}`)]),
  );
  return {
    title: (document, section) => byDocument.get(document)?.get(section)?.title,
    position: (document, section) => byDocument.get(document)?.get(section)?.position ?? Number.MAX_SAFE_INTEGER,
  };
}
