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
   * Resolves once every open connection has ended: each answers the request it carries, telling its client to close,
   * and closes. A kept-alive connection idle for `idleMs` since the listener closed is closed; one that has not yet
   * sent its first request gets `maxMs`, after which the rest are cut.
   */
  drain(options: { idleMs: number; maxMs: number }): Promise<void>;
}

interface ConnectionState {
  /** The answer under way, if any. */
  res: ServerResponse | null;
  served: boolean;
  /** When it opened or last finished an answer. */
  since: number;
}

/**
 * Follows a server's connections, so a stopping process stops listening without cutting one. Node's
 * http.Server.close() also closes every connection with no request under way, and a connection its client has just
 * opened, its request still on the wire or not yet read by a busy process, looks like that: its client saw a reset
 * for a request sent while the process was listening. So the listener is closed as a plain net.Server's is, and each
 * connection is given the time to deliver its request. Until then connections are kept alive: told to close earlier,
 * every client would open a new connection for each request, and those still in the kernel's queue when the listener
 * closes are reset; told once it is closed, they find it refused.
 */
export function trackConnections(server: Server): ConnectionTracker {
  const open = new Map<Socket, ConnectionState>();
  let stopped = false;
  server.on("connection", (socket: Socket) => {
    open.set(socket, { res: null, served: false, since: Date.now() });
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.res = res;
    if (stopped) res.setHeader("connection", "close");
    res.once("close", () => {
      state.res = null;
      state.served = true;
      state.since = Date.now();
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
          // Idle time counts from here: a process the machine keeps busy may not have read a request sent earlier.
          const now = Date.now();
          for (const state of open.values()) {
            if (state.res && !state.res.headersSent) state.res.setHeader("connection", "close");
            state.since = Math.max(state.since, now);
          }
          resolve();
        }),
      );
    },
    async drain({ idleMs, maxMs }) {
      const deadline = Date.now() + maxMs;
      while (open.size > 0 && Date.now() < deadline) {
        const now = Date.now();
        for (const [socket, state] of open) if (!state.res && state.served && now - state.since >= idleMs) socket.end();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const socket of open.keys()) socket.destroy();
    },
  };
}
