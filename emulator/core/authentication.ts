import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Scope } from './scopes.ts';
import type { TokenRegistry } from './tokenRegistry.ts';
import { sendErrors } from './jsonApi.ts';

const BEARER = /^Bearer\s+(\S+)$/i;

// Section 5.1: every operation requires `Authorization: Bearer <token>` and a scope.
// 401 without valid credentials, 403 when the token lacks the operation's scope.
// One hook per documented route (core/routeHooks.ts), made with the route's scope
// (absent: any valid token); a path with no route answers 404 before this runs.
export function authenticate(tokens: TokenRegistry, required: Scope | undefined) {
  // Callback style: no promise per request. A refusal answers and never calls done.
  return (request: FastifyRequest, reply: FastifyReply, done: () => void): void => {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    const scopes = match?.[1] ? tokens.scopesOf(match[1]) : undefined;
    if (!scopes) {
      reply.header('www-authenticate', 'Bearer');
      sendErrors(reply, 401, [
        {
          status: '401',
          title: 'Unauthorized',
          detail: header ? 'the bearer token is not valid' : 'header Authorization: Bearer <token> is required',
          source: { header: 'Authorization' },
        },
      ]);
    } else if (required && !scopes.has(required)) {
      sendErrors(reply, 403, [
        { status: '403', title: 'Forbidden', detail: `this operation requires scope ${required}`, source: { header: 'Authorization' } },
      ]);
    } else {
      done();
    }
  };
}
