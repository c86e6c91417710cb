import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

// A webhook receiver for a test: listens on an ephemeral loopback port, keeps
// every request it got and answers each with the status and body it is told.

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface AnsweringReceiver {
  url: string;
  received: ReceivedRequest[];
  answer: { status: number; body: string };
  close(): Promise<void>;
}

export async function startAnsweringReceiver(answer = { status: 200, body: '{"received":true}' }): Promise<AnsweringReceiver> {
  const received: ReceivedRequest[] = [];
  const receiver = { received, answer } as AnsweringReceiver;
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(receiver.answer.status, { 'content-type': 'application/json' }).end(receiver.answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  receiver.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return receiver;
}
