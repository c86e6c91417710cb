// Loaded with `node --import`: the project as a user has it who never installed the
// optional peer dependency testcontainers. Resolving it fails as Node fails for a
// package that is not in node_modules.
import { register } from 'node:module';

register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, nextResolve) {
      if (specifier !== 'testcontainers') return nextResolve(specifier, context);
      const error = new Error("Cannot find package 'testcontainers' imported from " + context.parentURL);
      error.code = 'ERR_MODULE_NOT_FOUND';
      throw error;
    }
  `)}`,
);
