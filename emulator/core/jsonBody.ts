import type { FastifyInstance, FastifyRequest } from 'fastify';
import { JSON_API } from './jsonApi.ts';

// JSON:API bodies (Conventions) are JSON; plain application/json is accepted too.
// Real clients send `Content-Type: application/vnd.api+json` on every POST, even
// one without a body (enable, disable, resend, document approve): an empty body
// reaches the handler as no body rather than failing to parse. Operations that
// need a body still refuse its absence, naming what is missing.

export function registerJsonBodyParsers(app: FastifyInstance): void {
  const parseJson = app.getDefaultJsonParser('error', 'ignore');
  const jsonOrNothing = (request: FastifyRequest, body: string, done: (error: Error | null, body?: unknown) => void): void => {
    if (body.trim() === '') done(null, undefined);
    else parseJson(request, body, done);
  };
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(['application/json', JSON_API], { parseAs: 'string' }, jsonOrNothing);
}
