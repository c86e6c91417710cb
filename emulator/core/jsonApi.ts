import type { FastifyReply } from 'fastify';

// JSON:API rendering shared by every area. The documents leave the error body
// open (section 7: "not shown"); the emulator uses the JSON:API error object.

export const JSON_API = 'application/vnd.api+json';

export interface ErrorObject {
  status: string;
  title: string;
  detail: string;
  source?: { pointer?: string; parameter?: string };
}

/** Throw from a handler; the error handler renders it as a JSON:API error document. */
export class ApiError extends Error {
  readonly status: number;
  readonly title: string;
  readonly pointer: string | undefined;
  readonly parameter: string | undefined;

  constructor(status: number, title: string, detail: string, where: { pointer?: string; parameter?: string } = {}) {
    super(detail);
    this.status = status;
    this.title = title;
    this.pointer = where.pointer;
    this.parameter = where.parameter;
  }

  toErrorObject(): ErrorObject {
    const error: ErrorObject = { status: String(this.status), title: this.title, detail: this.message };
    if (this.pointer !== undefined || this.parameter !== undefined) {
      error.source = {};
      if (this.pointer !== undefined) error.source.pointer = this.pointer;
      if (this.parameter !== undefined) error.source.parameter = this.parameter;
    }
    return error;
  }
}

export const invalid = (pointer: string, detail: string): ApiError =>
  new ApiError(400, 'Invalid request', detail, { pointer });

export const invalidParameter = (parameter: string, detail: string): ApiError =>
  new ApiError(400, 'Invalid query parameter', detail, { parameter });

export const notFound = (what: string, id: string): ApiError =>
  new ApiError(404, 'Not found', `${what} '${id}' does not exist`);

export const conflict = (detail: string): ApiError => new ApiError(409, 'Conflict', detail);

export function sendDocument(reply: FastifyReply, status: number, document: unknown): FastifyReply {
  return reply.code(status).type(JSON_API).send(document);
}

export function sendErrors(reply: FastifyReply, status: number, errors: ErrorObject[]): FastifyReply {
  return reply.code(status).type(JSON_API).send({ errors });
}
