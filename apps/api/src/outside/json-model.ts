import OpenAI from "openai";
import { z } from "zod";

export const MODEL_TIMEOUT_MS = 30_000;

/** An OpenAI-compatible API: its key, another address (local stand-ins in tests) and the model to ask. */
export interface ModelSettings {
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
}

/**
 * What a model is asked to answer: one zod schema, sent as its JSON Schema under `name` (strict: every field
 * required, no others) and checked again when the answer comes back, since a model's JSON is input like any other.
 */
export interface AnswerShape<T> {
  name: string;
  schema: z.ZodType<T>;
  jsonSchema: Record<string, unknown>;
}

/** An answer shape, its JSON Schema made once from the zod schema. */
export function answerShape<T>(name: string, schema: z.ZodType<T>): AnswerShape<T> {
  return { name, schema, jsonSchema: z.toJSONSchema(schema) };
}

export type ModelUnavailable = { kind: "unavailable"; reason: "timeout" | "error"; detail: string };
export type ModelReply<T> = { kind: "ok"; answer: T } | ModelUnavailable;

export interface JsonModel {
  /**
   * Asks the model to do `instructions` on `content`, answering in `shape`. A failing or slow service, and an answer
   * that is not JSON of that shape, are "unavailable": the caller tells the user, or does without.
   */
  ask<T>(shape: AnswerShape<T>, request: { instructions: string; content: string; signal?: AbortSignal }): Promise<ModelReply<T>>;
}

/** The process's one client of the model's API (the official client; one per process, see outside/clients). */
export function jsonModel(settings: ModelSettings): JsonModel {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, timeout: MODEL_TIMEOUT_MS, maxRetries: 1 });
  return {
    async ask(shape, { instructions, content, signal }) {
      let reply: string;
      try {
        const completion = await client.chat.completions.create(
          {
            model: settings.model,
            messages: [
              { role: "system", content: instructions },
              { role: "user", content },
            ],
            response_format: { type: "json_schema", json_schema: { name: shape.name, strict: true, schema: shape.jsonSchema } },
          },
          { signal },
        );
        reply = completion.choices[0]?.message.content ?? "";
      } catch (err) {
        const timedOut = err instanceof OpenAI.APIConnectionTimeoutError;
        return { kind: "unavailable", reason: timedOut ? "timeout" : "error", detail: err instanceof Error ? err.message : String(err) };
      }
      const answer = shape.schema.safeParse(parsedJson(reply));
      if (answer.success) return { kind: "ok", answer: answer.data };
      return { kind: "unavailable", reason: "error", detail: `the model's answer is not ${shape.name}: ${z.prettifyError(answer.error)}` };
    },
  };
}

/** The reply's JSON, or undefined (which no answer shape takes) when it is not JSON. */
function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
