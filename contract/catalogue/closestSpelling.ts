// The known word a misspelt one was most likely meant to be ("capabilites" →
// "capabilities"), or none when every known word is too far from it to be a typo.

/** Optimal string alignment distance: insertions, deletions, substitutions and swaps of two neighbours. */
function editDistance(a: string, b: string): number {
  const rows = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j += 1) rows[0]![j] = j;
  for (let i = 1; i <= a.length; i += 1)
    for (let j = 1; j <= b.length; j += 1) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = rows[i]!;
      row[j] = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) row[j] = Math.min(row[j]!, rows[i - 2]![j - 2]! + 1);
    }
  return rows[a.length]![b.length]!;
}

export function closestSpelling(word: string, known: readonly string[]): string | undefined {
  const lower = word.toLowerCase();
  const ranked = known
    .map((candidate) => ({ candidate, distance: editDistance(lower, candidate.toLowerCase()) }))
    .filter(({ distance }) => distance <= Math.max(2, Math.floor(word.length / 3)))
    .sort((a, b) => a.distance - b.distance);
  return ranked[0]?.candidate;
}
