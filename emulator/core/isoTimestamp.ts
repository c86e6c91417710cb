// An emulator-clock time as the API shows it: RFC 3339 in UTC with milliseconds.
// Events published in one burst share their millisecond (an injection makes ten
// thousand in a few hundred), and each is rendered three times over (its
// createdAt, its related resources', the injection's answer), so the last
// answer is kept.

let lastMs = Number.NaN;
let lastText = '';

export function isoTimestamp(ms: number): string {
  if (ms !== lastMs) {
    lastText = new Date(ms).toISOString();
    lastMs = ms;
  }
  return lastText;
}
