// The same JSON value written in layouts a sender may use and JSON.stringify never
// produces. A receiver that verifies the signature over re-serialised JSON
// instead of the raw bytes (5.3: "the entire raw request body") refuses them.

export const JSON_LAYOUTS = {
  /** Tabs, newlines and spaces around every separator. */
  whitespace: { indent: '\t', gap: ' ', reversed: false, escaped: false },
  /** Members of every object in reverse order. */
  'key-order': { indent: '', gap: '', reversed: true, escaped: false },
  /** Every character of every string but letters and digits as a \u escape, and '/' as '\/'. */
  'escaped-characters': { indent: '', gap: '', reversed: false, escaped: true },
} as const;
export type JsonLayout = keyof typeof JSON_LAYOUTS;

function escapedString(text: string): string {
  let result = '"';
  for (const character of text) {
    if (/[A-Za-z0-9]/.test(character)) result += character;
    else if (character === '/') result += '\\/';
    else for (const unit of character.split('')) result += `\\u${unit.charCodeAt(0).toString(16).padStart(4, '0')}`;
  }
  return `${result}"`;
}

export function writeJson(value: unknown, layout: JsonLayout): string {
  const { indent, gap, reversed, escaped } = JSON_LAYOUTS[layout];
  const write = (item: unknown, depth: number): string => {
    const inner = indent ? `\n${indent.repeat(depth + 1)}` : '';
    const outer = indent ? `\n${indent.repeat(depth)}` : '';
    if (typeof item === 'string') return escaped ? escapedString(item) : JSON.stringify(item);
    if (Array.isArray(item)) {
      if (item.length === 0) return '[]';
      return `[${inner}${item.map((element) => write(element, depth + 1)).join(`,${gap}${inner}`)}${outer}]`;
    }
    if (item !== null && typeof item === 'object') {
      const entries = Object.entries(item).filter(([, member]) => member !== undefined);
      if (reversed) entries.reverse();
      if (entries.length === 0) return '{}';
      const members = entries.map(([name, member]) => `${write(name, depth + 1)}${gap}:${gap}${write(member, depth + 1)}`);
      return `{${inner}${members.join(`,${gap}${inner}`)}${outer}}`;
    }
    return JSON.stringify(item) ?? 'null';
  };
  return write(value, 0);
}
