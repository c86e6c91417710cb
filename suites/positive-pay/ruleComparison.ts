// Comparing what the target returned with what was submitted. Extra attributes a
// target adds are tolerated (section 9: things are added without notice).

/** Structural equality with object keys in any order. */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => sameValue((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

/** Submitted attributes the returned ones lack or carry with another value. */
export function missingOrChanged(submitted: Record<string, unknown>, returned: Record<string, unknown> | undefined): string[] {
  return Object.entries(submitted)
    .filter(([name, value]) => !sameValue(returned?.[name], value))
    .map(([name, value]) => `${name}: sent ${JSON.stringify(value)}, got ${JSON.stringify(returned?.[name])}`);
}
