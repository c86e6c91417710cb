import Fastify from 'fastify';
import { afterAll, expect, test } from 'vitest';

// package.json overrides fastify's light-my-request to cookie@1 (cookie@2 requires Node 22):
// inject() with cookies goes through that package, so it must still build the Cookie header.

const app = Fastify();
app.get('/cookies', async (request) => ({ cookie: request.headers.cookie ?? null }));

afterAll(() => app.close());

test('fastify inject() sends the cookies it is given', async () => {
  const response = await app.inject({ method: 'GET', url: '/cookies', cookies: { session: 'a b', theme: 'dark' } });
  expect(response.statusCode).toBe(200);
  expect(response.json()).toEqual({ cookie: 'session=a%20b; theme=dark' });
});
