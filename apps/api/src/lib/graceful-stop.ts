import type { Server, ServerResponse } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

export interface ConnectionTracker {
  /**
   * Stops taking connections, leaving the open ones be. First lets the event loop take in every connection already
   * waiting in the kernel's queue: a busy process may leave some there for a while, and closing the listener resets
   * them, though their clients had sent their requests.
   */
  stopAccepting(): Promise<void>;
  /**
   * Resolves once every open connection has ended, each answering the requests that come on it, the first telling its
   * client to close; after `maxMs` the rest (connections kept alive by clients sending nothing) are closed.
   */
  drain(maxMs: number): Promise<void>;
}

/**
 * Follows a server's connections, so a stopping process stops listening without cutting one. Node's
 * http.Server.close() also closes every connection with no request under way, and a connection whose request is
 * still on the wire, or not yet read by a process the machine keeps busy, looks like that: its client saw a reset for
 * a request sent while the process was listening. So the listener is closed as a plain net.Server's is, and each
 * connection is left to bring its next request (closing an idle one early races with a slow client's request). Until
 * then connections are kept alive: told to close earlier, every client would open a new connection for each request,
 * and those still in the kernel's queue when the listener closes are reset; told once it is closed, they find it
 * refused.
 */
export function trackConnections(server: Server): ConnectionTracker {
  /** Each open connection, with the answer under way on it, if any. */
  const open = new Map<Socket, ServerResponse | null>();
  let stopped = false;
  server.on("connection", (socket: Socket) => {
    open.set(socket, null);
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (req, res) => {
    const socket = req.socket;
    if (!open.has(socket)) return;
    open.set(socket, res);
    if (stopped) res.setHeader("connection", "close");
    res.once("close", () => {
      if (open.has(socket)) open.set(socket, null);
    });
  });

  return {
    stopAccepting() {
      // setImmediate runs right after the event loop's poll phase, where libuv accepts every queued connection; the
      // listener closes in that callback, before any promise work queued meanwhile can hold the loop up.
      return new Promise((resolve) =>
        setImmediate(() => {
          NetServer.prototype.close.call(server);
          stopped = true;
          for (const res of open.values()) if (res && !res.headersSent) res.setHeader("connection", "close");
          resolve();
        }),
      );
    },
    async drain(maxMs) {
      const deadline = Date.now() + maxMs;
      while (open.size > 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      for (const socket of open.keys()) socket.destroy();
    },
  };
}
