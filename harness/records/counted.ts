// A count and its noun as a person says them: "1 check", "2 checks". Written once for every line
// the terminal and the reports print with a number in it.

/** `plural` only where adding an s is wrong ("1 property", "2 properties"). */
export function counted(count: number, noun: string, plural = `${noun}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? noun : plural}`;
}
