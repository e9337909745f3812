import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface PostmarkMail {
  token: string | undefined;
  body: Record<string, string>;
}

/**
 * A stand-in for Postmark's API on loopback: records each /email request, answers like Postmark. `onMail` hears of
 * each one accepted (the browser tests' server prints it where the tests read mail).
 */
export function postmarkStandIn(onMail: (mail: PostmarkMail) => void = () => {}) {
  const received: PostmarkMail[] = [];
  let failNext = 0;
  const server: Server = createServer((req: IncomingMessage, res) => {
    let raw = "";
    req.on("data", (chunk: Buffer) => (raw += chunk.toString()));
    req.on("end", () => {
      res.setHeader("content-type", "application/json");
      if (req.method !== "POST" || req.url !== "/email") {
        res.statusCode = 404;
        return res.end(JSON.stringify({ ErrorCode: 404, Message: "Not found" }));
      }
      if (failNext > 0) {
        failNext--;
        res.statusCode = 500;
        return res.end(JSON.stringify({ ErrorCode: 500, Message: "Internal server error" }));
      }
      const body = JSON.parse(raw) as Record<string, string>;
      const mail = { token: req.headers["x-postmark-server-token"] as string | undefined, body };
      received.push(mail);
      onMail(mail);
      res.end(
        JSON.stringify({ To: body.To, SubmittedAt: new Date().toISOString(), MessageID: crypto.randomUUID(), ErrorCode: 0, Message: "OK" }),
      );
    });
  });
  return {
    received,
    failNextRequests: (n: number) => (failNext = n),
    async start() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
