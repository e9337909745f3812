import { request, type IncomingHttpHeaders } from "node:http";

/** One server-sent event as a browser's EventSource dispatches it. */
export interface ServerEvent {
  id: string | undefined;
  event: string;
  data: string;
}

/**
 * A stream of server-sent events read off a real connection (app.inject waits for an answer's end, which a stream
 * never reaches). `until` resolves once what it checks for has arrived, re-checked as each chunk does.
 */
export interface EventStream {
  status: number;
  headers: IncomingHttpHeaders;
  /** The whole answer when it is not a stream (a refusal's JSON). */
  text(): Promise<string>;
  events: ServerEvent[];
  /** Comment lines (heartbeats) seen. */
  comments: number;
  ended: boolean;
  until<T>(check: () => T | undefined | false): Promise<T>;
  /** The next event from `from` on (an index into `events`), with its index. */
  nextEvent(from: number, type?: string): Promise<ServerEvent & { index: number }>;
  close(): void;
}

export function openEventStream(port: number, headers: Record<string, string>, path = "/api/events"): Promise<EventStream> {
  return new Promise((resolve, reject) => {
    const req = request({ host: "127.0.0.1", port, path, headers: { accept: "text/event-stream", ...headers } }, (res) => {
      res.setEncoding("utf8");
      let buffer = "";
      let whole = "";
      const checks = new Set<() => void>();
      const stream: EventStream = {
        status: res.statusCode ?? 0,
        headers: res.headers,
        events: [],
        comments: 0,
        ended: false,
        text: () => stream.until(() => (stream.ended ? whole : undefined)),
        until(check) {
          return new Promise((done, fail) => {
            const run = () => {
              const value = check();
              if (value !== undefined && value !== false) {
                checks.delete(run);
                done(value);
              } else if (stream.ended) {
                checks.delete(run);
                fail(new Error(`the stream ended first; events: ${JSON.stringify(stream.events)}`));
              }
            };
            checks.add(run);
            run();
          });
        },
        nextEvent(from, type = "message") {
          return stream.until(() => {
            const index = stream.events.findIndex((e, i) => i >= from && e.event === type);
            return index >= 0 && { ...stream.events[index]!, index };
          });
        },
        close: () => req.destroy(),
      };
      const settle = () => [...checks].forEach((check) => check());
      res.on("data", (chunk: string) => {
        whole += chunk;
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const fields = { id: undefined as string | undefined, event: "message", data: [] as string[] };
          for (const line of block.split("\n")) {
            if (line.startsWith(":")) stream.comments++;
            const [name, ...rest] = line.split(":");
            const value = rest.join(":").replace(/^ /, "");
            if (name === "id") fields.id = value;
            if (name === "event") fields.event = value;
            if (name === "data") fields.data.push(value);
          }
          if (fields.data.length > 0) stream.events.push({ id: fields.id, event: fields.event, data: fields.data.join("\n") });
        }
        settle();
      });
      const ended = () => {
        stream.ended = true;
        settle();
      };
      res.on("end", ended);
      res.on("close", ended);
      resolve(stream);
    });
    req.on("error", reject);
    req.end();
  });
}
