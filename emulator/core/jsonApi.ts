import type { FastifyReply } from 'fastify';
import { JSON_API } from '../../contract/facts/mediaTypes.ts';

// JSON:API rendering shared by every area. The documents leave the error body
// open (section 7: "not shown"); the emulator uses the JSON:API error object.

export interface ErrorObject {
  status: string;
  title: string;
  detail: string;
  /** What is at fault: a member of the body, a query parameter or a request header (JSON:API 1.1). */
  source?: ErrorSource;
}

export interface ErrorSource {
  pointer?: string;
  parameter?: string;
  header?: string;
}

/** Throw from a handler; the error handler renders it as a JSON:API error document. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly source: ErrorSource;

  constructor(status: number, title: string, detail: string, where: ErrorSource = {}) {
    super(detail);
    this.status = status;
    this.title = title;
    this.source = where;
  }

  toErrorObject(): ErrorObject {
    const error: ErrorObject = { status: String(this.status), title: this.title, detail: this.message };
    const named = Object.entries(this.source).filter(([, value]) => value !== undefined);
    if (named.length > 0) error.source = Object.fromEntries(named) as ErrorSource;
    return error;
  }
}

export const invalid = (pointer: string, detail: string): ApiError => new ApiError(400, 'Invalid request', detail, { pointer });

export const invalidParameter = (parameter: string, detail: string): ApiError =>
  new ApiError(400, 'Invalid query parameter', detail, { parameter });

/** A request header is at fault (401/403 Authorization, 415 Content-Type). */
export const headerError = (status: number, title: string, detail: string, header: string): ApiError =>
  new ApiError(status, title, detail, { header });

export const notFound = (what: string, id: string): ApiError => new ApiError(404, 'Not found', `${what} '${id}' does not exist`);

export const conflict = (detail: string): ApiError => new ApiError(409, 'Conflict', detail);

export function sendDocument(reply: FastifyReply, status: number, document: unknown): FastifyReply {
  return reply.code(status).type(JSON_API).send(document);
}

/** A document already serialised (from texts rendered once, e.g. stored events). */
export function sendDocumentText(reply: FastifyReply, status: number, json: string): FastifyReply {
  return reply.code(status).type(JSON_API).send(json);
}

export function sendErrors(reply: FastifyReply, status: number, errors: ErrorObject[]): FastifyReply {
  return reply.code(status).type(JSON_API).send({ errors });
}
