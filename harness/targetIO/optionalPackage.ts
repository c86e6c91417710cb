// The package's optional peer dependencies (package.json "peerDependenciesMeta"): each is loaded
// only where it is needed, so a user who never installed one is told, in one line, which to install.

/**
 * The line naming `name` when `error` is Node failing to find that package, else undefined.
 * `neededBy` says what needs it ("report", "a simulation adapter written in TypeScript").
 */
export function missingPackageLine(error: unknown, name: string, neededBy: string): string | undefined {
  const { code, message } = error as NodeJS.ErrnoException;
  const notFound = (code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String(message).includes(`'${name}'`);
  return notFound ? `${neededBy} needs the ${name} package, which is not installed: npm install --save-dev ${name}` : undefined;
}
