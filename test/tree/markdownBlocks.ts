import MarkdownIt from 'markdown-it';

// The parts of a Markdown page the tests read, as a CommonMark parser sees them (not as a
// regular expression guesses): its fenced code blocks and its tables.

const parser = new MarkdownIt();

export interface FencedBlock {
  /** The info string's first word: `sh`, `yaml`, `json`, or empty. */
  language: string;
  content: string;
  /** The 1-based line of the opening fence. */
  line: number;
}

export function fencedBlocks(markdown: string): FencedBlock[] {
  return parser
    .parse(markdown, {})
    .filter((token) => token.type === 'fence')
    .map((token) => ({ language: token.info.trim().split(/\s+/)[0] ?? '', content: token.content, line: (token.map?.[0] ?? 0) + 1 }));
}

/** Each table: its rows (the header row first), each row the source text of its cells. */
export function tables(markdown: string): string[][][] {
  const found: string[][][] = [];
  let row: string[] | undefined;
  for (const token of parser.parse(markdown, {})) {
    if (token.type === 'table_open') found.push([]);
    else if (token.type === 'tr_open') row = [];
    else if (token.type === 'inline' && row) row.push(token.content);
    else if (token.type === 'tr_close' && row) {
      found.at(-1)?.push(row);
      row = undefined;
    }
  }
  return found;
}
