import { connect, type Socket } from "node:net";

/** An answer read off a raw socket: status, headers (lower-case names), body, and when the server closed the socket. */
export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * A request written by hand on its own connection, for what app.inject cannot show: a body sent partly or slowly, a
 * connection held open. `send` writes more of the body; `answer` resolves once the server's answer is whole; `closed`
 * once the server closed the connection.
 */
export function rawRequest(port: number, head: string, body: Buffer | string = "") {
  const socket: Socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  let received = Buffer.alloc(0);
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  const answer = new Promise<RawAnswer>((resolve, reject) => {
    socket.on("data", (chunk: Buffer) => {
      received = Buffer.concat([received, chunk]);
      const end = received.indexOf("\r\n\r\n");
      if (end === -1) return;
      const [statusLine = "", ...lines] = received.subarray(0, end).toString("latin1").split("\r\n");
      const headers = Object.fromEntries(
        lines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      const length = Number(headers["content-length"] ?? 0);
      if (received.length - end - 4 < length) return;
      resolve({ status: Number(statusLine.split(" ")[1]), headers, body: received.subarray(end + 4, end + 4 + length).toString("utf8") });
    });
    closed.then(() => reject(new Error(`connection closed before a whole answer: ${received.toString("latin1").slice(0, 200)}`)));
  });
  answer.catch(() => {});
  socket.write(head.replace(/\n/g, "\r\n") + "\r\n\r\n");
  if (body.length > 0) socket.write(body);
  return { answer, closed, send: (more: Buffer | string) => socket.write(more), end: () => socket.destroy() };
}
