// The known names a mistyped one was probably meant to be: those sharing most of
// its letter pairs (Dice's coefficient over bigrams, case set aside), best first,
// or else those of the same resource (`customer.creatd` → `customer.*`).

const bigrams = (word: string): string[] => {
  const lower = word.toLowerCase();
  return Array.from({ length: Math.max(0, lower.length - 1) }, (_, index) => lower.slice(index, index + 2));
};

function likeness(a: string, b: string): number {
  const left = bigrams(a);
  const right = bigrams(b);
  const pool = [...right];
  let shared = 0;
  for (const pair of left) {
    const at = pool.indexOf(pair);
    if (at >= 0) {
      shared += 1;
      pool.splice(at, 1);
    }
  }
  return left.length + right.length === 0 ? 0 : (2 * shared) / (left.length + right.length);
}

export function closeNames(word: string, known: readonly string[], most = 5): string[] {
  const ranked = known
    .map((name) => ({ name, score: likeness(word, name) }))
    .filter(({ score }) => score >= 0.5)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .map(({ name }) => name);
  if (ranked.length > 0) return ranked.slice(0, most);
  const resource = word.split('.')[0]!.toLowerCase();
  return known.filter((name) => name.split('.')[0]!.toLowerCase() === resource).slice(0, most);
}

/** Edits (insert, delete, replace, swap two neighbours) from one word to the other, case set aside. */
function editDistance(a: string, b: string): number {
  const left = a.toLowerCase();
  const right = b.toLowerCase();
  const rows = Array.from({ length: left.length + 1 }, (_, i) =>
    Array.from({ length: right.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= left.length; i += 1) {
    for (let j = 1; j <= right.length; j += 1) {
      const replace = left[i - 1] === right[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + replace);
      if (i > 1 && j > 1 && left[i - 1] === right[j - 2] && left[i - 2] === right[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]![j] = best;
    }
  }
  return rows[left.length]![right.length]!;
}

/**
 * The names a mistyped flag, subcommand or fault was probably meant to be, as the
 * suite's command line suggests them: a typo's few edits away (swapped letters,
 * `--prot` → `--port`, count as one); else those sharing most letter pairs; else
 * the nearest few by letter pairs. A few at most, never the whole list.
 */
export function nearestNames(word: string, known: readonly string[], most = 3): string[] {
  const allowed = Math.min(3, Math.max(1, Math.floor(word.replace(/^-+/, '').length / 4)));
  const byEdits = known
    .map((name) => ({ name, edits: editDistance(word, name) }))
    .filter(({ edits }) => edits <= allowed)
    .sort((a, b) => a.edits - b.edits || a.name.localeCompare(b.name))
    .map(({ name }) => name);
  if (byEdits.length > 0) return byEdits.slice(0, most);
  const alike = closeNames(word, known, most);
  if (alike.length > 0) return alike;
  return known
    .map((name) => ({ name, score: likeness(word, name) }))
    .filter(({ score }) => score > 0)
    .sort((a, b) => b.score - a.score || a.name.localeCompare(b.name))
    .slice(0, most)
    .map(({ name }) => name);
}
