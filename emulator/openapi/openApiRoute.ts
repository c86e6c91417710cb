import type { FastifyInstance } from 'fastify';
import { openApiDocument } from '../../openapi/openApiDocument.ts';

// GET /openapi.json: the OpenAPI 3.1 document of the API (openapi/), with this
// emulator as its server, for tools pointed at a running emulator (Prism,
// Schemathesis, client generators). Like the control endpoints it takes no token:
// it describes the API and holds no data.

export function registerOpenApiRoute(app: FastifyInstance): void {
  let document: Record<string, unknown> | undefined;
  app.get('/openapi.json', { config: { control: true } }, async (request, reply) => {
    // Derived once per emulator; only the server differs between requests.
    document ??= openApiDocument();
    const serverUrl = `${request.protocol}://${request.host}`;
    return reply.type('application/json').send({ ...document, servers: [{ url: serverUrl, description: 'this emulator' }] });
  });
}
