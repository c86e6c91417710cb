// The one-line clients the command-line tests of `client` run: a call is what the command needs
// to judge anything, so the smallest client lists the events once with the token it is given.

/** One list of events, its answer read. */
export const LISTS_EVENTS_ONCE =
  "await (await fetch(process.env.BANKING_API_BASE_URL + '/events', { headers: { authorization: 'Bearer ' + process.env.BANKING_API_TOKEN } })).text();";

/** `client` with `options`, its reports in `dir`, judging the module `script` run by this Node. */
const scriptClient = (options: readonly string[], dir: string, script: string): string[] => [
  'client',
  ...options,
  '--report-dir',
  dir,
  '--',
  process.execPath,
  '--input-type=module',
  '-e',
  script,
];

/** `client` with no perturbation, its reports in `dir`, judging the module `script` run by this Node. */
export const unbentClient = (dir: string, script: string): string[] => scriptClient(['--plan', 'none'], dir, script);

/** `client --target MANIFEST --plan PLAN` with `options`, its reports in `dir`, judging the module `script` run by this Node. */
export const targetClient = (manifest: string, plan: string, dir: string, script: string, options: readonly string[] = []): string[] =>
  scriptClient(['--target', manifest, '--plan', plan, ...options], dir, script);
