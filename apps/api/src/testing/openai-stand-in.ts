import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface ModelRecipe {
  title: string;
  description: string;
  servings: number | null;
  prepTimeMinutes: number | null;
  cookTimeMinutes: number | null;
  cuisine: string | null;
  ingredients: string[];
  instructions: string[];
  tags: string[];
}

/**
 * A stand-in for OpenAI's chat completions endpoint on loopback, answering in the API's shape with the recipes a test
 * sets. Records each request body so tests see what Kim sent. `mode` simulates an outage (500) or a hang.
 */
export function openAiStandIn() {
  const requests: { authorization: string | undefined; body: Record<string, unknown> }[] = [];
  let recipes: ModelRecipe[] = [];
  /** Any other JSON answer (a meal ranking, say); null answers `{recipes}`. */
  let json: unknown = null;
  /** An answer sent as it is, JSON or not (a model cut short, say); null sends the JSON above. */
  let text: string | null = null;
  let mode: "ok" | "down" | "slow" = "ok";
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString() || "{}") as Record<string, unknown>;
      requests.push({ authorization: req.headers.authorization, body });
      res.setHeader("content-type", "application/json");
      if (mode === "slow") return void setTimeout(() => res.end("{}"), 60_000);
      if (mode === "down" || req.url !== "/v1/chat/completions") {
        res.statusCode = mode === "down" ? 500 : 404;
        return void res.end(JSON.stringify({ error: { message: "stand-in refused", type: "server_error" } }));
      }
      res.end(
        JSON.stringify({
          id: `chatcmpl-${requests.length}`,
          object: "chat.completion",
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [
            {
              index: 0,
              finish_reason: "stop",
              message: { role: "assistant", content: text ?? JSON.stringify(json ?? { recipes }), refusal: null },
            },
          ],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        }),
      );
    });
  });
  return {
    requests,
    answer: (next: ModelRecipe[]) => {
      recipes = next;
      json = null;
      text = null;
    },
    answerJson: (next: unknown) => {
      json = next;
      text = null;
    },
    answerText: (next: string) => (text = next),
    setMode: (next: typeof mode) => (mode = next),
    async start(): Promise<string> {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
