import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TokenRegistry } from './tokenRegistry.ts';
import { sendErrors } from './jsonApi.ts';

// Section 5.1: every operation requires `Authorization: Bearer <token>` and a scope.
// 401 without valid credentials, 403 when the token lacks the operation's scope.
// `unguarded` is a seeded fault's way in: routes it names are served to anyone.
export function authenticate(tokens: TokenRegistry, unguarded?: (request: FastifyRequest) => boolean) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const config = request.routeOptions.config;
    // No operation at this path: a 404 says so to anyone, token or not.
    if (config?.control || request.is404 || unguarded?.(request)) return;
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? /^Bearer\s+(\S+)$/i.exec(header) : null;
    const scopes = match?.[1] ? tokens.scopesOf(match[1]) : undefined;
    if (!scopes) {
      reply.header('www-authenticate', 'Bearer');
      await sendErrors(reply, 401, [{
        status: '401',
        title: 'Unauthorized',
        detail: header ? 'the bearer token is not valid' : 'header Authorization: Bearer <token> is required',
        source: { header: 'Authorization' },
      }]);
      return;
    }
    const required = config?.scope;
    if (required && !scopes.has(required)) {
      await sendErrors(reply, 403, [{ status: '403', title: 'Forbidden', detail: `this operation requires scope ${required}`, source: { header: 'Authorization' } }]);
    }
  };
}
