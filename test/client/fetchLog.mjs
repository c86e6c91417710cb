/* global process, Buffer, Request */
// Preloaded into a client (node --import), this keeps what the client itself sent: each call of fetch to
// BANKING_API_BASE_URL, one JSON line in the file FETCH_LOG names, written before the call goes out. It is
// the client's own account of its requests, kept apart from anything the judge records, so that a test can
// hold what reached the upstream against it.

import { appendFileSync } from 'node:fs';

const log = process.env.FETCH_LOG;
const base = process.env.BANKING_API_BASE_URL;
const sent = globalThis.fetch;

globalThis.fetch = (input, init = {}) => {
  const url = String(input instanceof Request ? input.url : input);
  if (log && base && url.startsWith(base)) {
    const body = init.body === undefined ? '' : Buffer.from(init.body).toString('base64');
    appendFileSync(log, `${JSON.stringify({ method: init.method ?? 'GET', target: url.slice(base.length), body })}\n`);
  }
  return sent(input, init);
};
