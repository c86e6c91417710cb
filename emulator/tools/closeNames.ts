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
