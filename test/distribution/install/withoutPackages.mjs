/* global process */
// Loaded with `node --import`: the project as a user has it who never installed the optional
// peer dependencies named in WITHOUT_PACKAGES (comma-separated). Resolving one fails as Node
// fails for a package that is not in node_modules.
import { register } from 'node:module';

const hidden = JSON.stringify((process.env.WITHOUT_PACKAGES ?? '').split(',').filter(Boolean));

register(
  `data:text/javascript,${encodeURIComponent(`
    const HIDDEN = ${hidden};
    export async function resolve(specifier, context, nextResolve) {
      const name = specifier.split('/')[0];
      if (!HIDDEN.includes(name)) return nextResolve(specifier, context);
      const error = new Error("Cannot find package '" + name + "' imported from " + context.parentURL);
      error.code = 'ERR_MODULE_NOT_FOUND';
      throw error;
    }
  `)}`,
);
