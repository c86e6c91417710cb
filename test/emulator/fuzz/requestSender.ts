import { Pool, type Dispatcher } from 'undici';
import type { Answer, Outcome } from './answerJudge.ts';
import type { MalformedRequest } from './requestArbitraries.ts';

// Sends many requests over a few keep-alive connections, a bounded number at a
// time, and hands each outcome back in request order. A request with no answer
// headers within the time-out is a hang; any other transport error a reset.

export interface SendOptions {
  connections: number;
  inFlight: number;
  timeoutMs: number;
}

/** Enough of an answer body to judge an error document (details may quote a near-1 MB value); the rest is read and dropped. */
const KEPT_BODY_BYTES = 4 * 1024 * 1024;

async function readAnswer(response: Dispatcher.ResponseData): Promise<Answer> {
  const chunks: Buffer[] = [];
  let kept = 0;
  for await (const chunk of response.body as AsyncIterable<Buffer>) {
    if (kept < KEPT_BODY_BYTES) chunks.push(chunk);
    kept += chunk.length;
  }
  const contentType = response.headers['content-type'];
  return { status: response.statusCode, contentType: String(contentType ?? ''), text: Buffer.concat(chunks).toString('utf8') };
}

export async function sendAll(
  baseUrl: string,
  requests: readonly MalformedRequest[],
  options: SendOptions,
  onOutcome: (index: number, outcome: Outcome) => void,
): Promise<void> {
  const pool = new Pool(baseUrl, {
    connections: options.connections,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    keepAliveTimeout: 5_000,
  });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < requests.length) {
      const index = next;
      next += 1;
      const request = requests[index]!;
      try {
        const response = await pool.request({
          method: request.method as Dispatcher.HttpMethod,
          path: request.url,
          headers: request.headers,
          body: request.body,
        });
        onOutcome(index, { answer: await readAnswer(response) });
      } catch (error) {
        const { code, message } = error as { code?: string; message: string };
        onOutcome(index, { error: { code: code ?? 'ERROR', message } });
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: options.inFlight }, worker));
  } finally {
    await pool.close();
  }
}
