import type { Server } from "node:http";
import { Server as NetServer, type Socket } from "node:net";

export interface ConnectionTracker {
  /**
   * Stops taking connections, leaving the open ones be. First lets the event loop take in every connection already
   * waiting in the kernel's queue: a busy process may leave some there for a while, and closing the listener resets
   * them, though their clients had sent their requests.
   */
  stopAccepting(): Promise<void>;
  /**
   * Resolves once every open connection has ended: each answers the request it carries (the drain's answers ask the
   * client to close) and closes. A kept-alive connection idle for `idleMs` is closed; one that has not yet sent its
   * first request gets `maxMs`, after which the rest are cut.
   */
  drain(options: { idleMs: number; maxMs: number }): Promise<void>;
}

interface ConnectionState {
  busy: boolean;
  served: boolean;
  /** When it opened or last finished an answer. */
  since: number;
}

/**
 * Follows a server's connections, so a stopping process stops listening without cutting one. Node's
 * http.Server.close() also closes every connection with no request under way, and a connection its client has just
 * opened, its request still on the wire or not yet read by a busy process, looks like that: its client saw a reset
 * for a request sent while the process was listening. So the listener is closed as a plain net.Server's is, and each
 * connection is given the time to deliver its request.
 */
export function trackConnections(server: Server): ConnectionTracker {
  const open = new Map<Socket, ConnectionState>();
  server.on("connection", (socket: Socket) => {
    open.set(socket, { busy: false, served: false, since: Date.now() });
    socket.once("close", () => open.delete(socket));
  });
  server.on("request", (req, res) => {
    const state = open.get(req.socket);
    if (!state) return;
    state.busy = true;
    res.once("close", () => {
      state.busy = false;
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
          resolve();
        }),
      );
    },
    async drain({ idleMs, maxMs }) {
      const deadline = Date.now() + maxMs;
      while (open.size > 0 && Date.now() < deadline) {
        const now = Date.now();
        for (const [socket, state] of open) if (!state.busy && state.served && now - state.since >= idleMs) socket.end();
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      for (const socket of open.keys()) socket.destroy();
    },
  };
}
