import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { messageForStatus } from '@atelier/api';
import type { FastifyReply } from 'fastify';

/** What the server says of a refusal that its status alone does not explain. */
export const httpMessages = {
  invalidJson: 'Corps de requête JSON invalide',
  badUrl: 'Adresse de la requête invalide',
  foreignOrigin: 'Origine de la requête non autorisée',
} as const;

/** An error of Fastify, one of its plugins or Node's HTTP parser: a status where it has one, a code. */
export interface HttpFailure {
  statusCode?: number | undefined;
  code?: string | undefined;
}

/** Errors whose code says more than their status; Node's parser errors carry no status at all. */
const byCode: Record<string, { status: number; message?: string }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, message: httpMessages.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, message: httpMessages.invalidJson },
  FST_ERR_BAD_URL: { status: 400, message: httpMessages.badUrl },
  HPE_HEADER_OVERFLOW: { status: 431 },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408 },
};

/**
 * The API's answer to an error raised outside the procedures (the router, the body parsers, the
 * plugins, the HTTP parser): its status and a French `{ message }`, as a procedure's refusal
 * reads. Whatever has no 4xx status is a bug: 500, saying nothing of its insides.
 */
export function httpErrorReply(error: HttpFailure): { status: number; body: { message: string } } {
  const known = error.code === undefined ? undefined : byCode[error.code];
  const status = known?.status ?? error.statusCode ?? 500;
  if (status < 400 || status >= 500) return { status: 500, body: { message: messageForStatus(500) } };
  return { status, body: { message: known?.message ?? messageForStatus(status) } };
}

export function sendHttpError(reply: FastifyReply, error: HttpFailure): FastifyReply {
  const { status, body } = httpErrorReply(error);
  return reply.code(status).send(body);
}

/**
 * Requests Node's HTTP parser refuses (headers too large, a garbled request line) never reach
 * Fastify's handlers: the answer is written on the socket, in the same shape.
 */
export function answerClientError(error: HttpFailure, socket: Socket): void {
  // A reset connection has no one left to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const { status, body } = httpErrorReply({ statusCode: 400, code: error.code });
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
  );
}
