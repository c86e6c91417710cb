import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';
import { ApiError } from './jsonApi.ts';

// JSON:API bodies (Conventions) are JSON; plain application/json is accepted too.
// Real clients send `Content-Type: application/vnd.api+json` on every POST, even
// one without a body (enable, disable, resend, document approve): an empty body
// reaches the handler as no body rather than failing to parse. Operations that
// need a body still refuse its absence, naming what is missing.
//
// No request document nests deeper than a few levels; one nested thousands of
// levels deep is refused at the door, naming where it goes too deep, so that no
// handler, renderer or error message ever recurses through it.

export const MAX_JSON_DEPTH = 32;

/** JSON pointer of the first value nested deeper than MAX_JSON_DEPTH, or undefined. Iterative: the input may be very deep. */
function tooDeep(root: unknown): string | undefined {
  const stack: Array<{ value: unknown; depth: number; pointer: string }> = [{ value: root, depth: 0, pointer: '' }];
  while (stack.length > 0) {
    const { value, depth, pointer } = stack.pop()!;
    if (typeof value !== 'object' || value === null) continue;
    if (depth >= MAX_JSON_DEPTH) return pointer;
    for (const [key, member] of Object.entries(value)) {
      stack.push({ value: member, depth: depth + 1, pointer: `${pointer}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}` });
    }
  }
  return undefined;
}

export function registerJsonBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  const jsonOrNothing = (request: FastifyRequest, body: string, done: (error: Error | null, body?: unknown) => void): void => {
    if (body.trim() === '') {
      done(null, undefined);
      return;
    }
    parseJson(request, body, (error, parsed) => {
      const deep = error ? undefined : tooDeep(parsed);
      if (deep === undefined) done(error, parsed);
      else
        done(
          new ApiError(400, 'Invalid request', `the request body nests deeper than ${MAX_JSON_DEPTH} levels at ${deep}`, { pointer: deep }),
        );
    });
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', JSON_API], { parseAs: 'string' }, jsonOrNothing);
}
