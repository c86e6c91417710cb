// commander writes a usage error as several lines ("error: unknown option
// '--onyl'", then "(Did you mean --only?)"). A person reads one: what to fix, the
// closest valid spelling, and where the full list is. The help itself is never
// printed after an error: 60 lines bury the one that matters.

export function usageErrorLine(commandName: string, commanderMessage: string): string {
  const [first = '', ...rest] = commanderMessage
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  const what = first.replace(/^error:\s*/, '');
  const suggestion = rest.map((line) => line.replace(/^\((.*)\)$/, '$1').replace(/^Did you mean/, 'did you mean')).join('; ');
  return `${commandName}: ${what}${suggestion ? ` (${suggestion})` : ''}; --help lists all`;
}
