import type { Socket } from "node:net";
import type { FastifyError, FastifyReply, FastifyRequest } from "fastify";
import type { ErrorBody } from "./errors";

/**
 * Answers that Fastify's router or Node's HTTP parser would otherwise write in their own shape, before any hook of
 * Kim's has run: a path parameter past `maxParamLength` (414), a path that cannot be decoded (400), headers past
 * Node's `maxHeaderSize` (431), a request Node cannot parse (400), a request that took too long to arrive (408).
 * Each gets Kim's error body and the headers every other answer carries.
 */
export function frameworkErrorHandler(headers: Record<string, string>) {
  return (error: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
    const [status, body] = FRAMEWORK_ANSWERS[error.code] ?? INTERNAL;
    if (status >= 500) reply.log.error({ err: error }, "request failed");
    void reply.headers(headers).header("cache-control", NO_STORE).code(status).send(body);
  };
}

/** Node's 'clientError': the request never became one, so the answer is written on the socket, then it closes. */
export function clientErrorHandler(headers: Record<string, string>) {
  return (error: Error & { code?: string }, socket: Socket) => {
    // A reset or closed connection has no one to answer.
    if (error.code === "ECONNRESET" || socket.destroyed) return;
    const [status, body] = CLIENT_ANSWERS[error.code ?? ""] ?? CLIENT_ANSWERS.default!;
    if (socket.writable) {
      const text = JSON.stringify(body);
      const lines = Object.entries({
        ...headers,
        "cache-control": NO_STORE,
        "content-type": "application/json; charset=utf-8",
        "content-length": String(Buffer.byteLength(text)),
        connection: "close",
      }).map(([name, value]) => `${name}: ${value}\r\n`);
      socket.end(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}\r\n${lines.join("")}\r\n${text}`);
    }
    socket.destroySoon();
  };
}

const NO_STORE = "private, no-store";
type Answer = [number, ErrorBody];

const STATUS_TEXT: Record<number, string> = {
  400: "Bad Request",
  408: "Request Timeout",
  414: "URI Too Long",
  431: "Request Header Fields Too Large",
  500: "Internal Server Error",
};

const INTERNAL: Answer = [500, { message: "Something went wrong", code: "INTERNAL_SERVER_ERROR" }];

const FRAMEWORK_ANSWERS: Record<string, Answer> = {
  FST_ERR_MAX_PARAM_LENGTH: [414, { message: "The address is too long", code: "BAD_REQUEST" }],
  FST_ERR_BAD_URL: [400, { message: "The address is not valid", code: "BAD_REQUEST" }],
};

const CLIENT_ANSWERS: Record<string, Answer> = {
  HPE_HEADER_OVERFLOW: [431, { message: "The request headers are too large", code: "BAD_REQUEST" }],
  ERR_HTTP_REQUEST_TIMEOUT: [408, { message: "The request took too long to arrive", code: "TIMEOUT" }],
  default: [400, { message: "The request could not be read", code: "BAD_REQUEST" }],
};
