import OpenAI from "openai";

export const MODEL_TIMEOUT_MS = 30_000;

/** An OpenAI-compatible API: its key, another address (local stand-ins in tests) and the model to ask. */
export interface ModelSettings {
  apiKey: string;
  baseUrl: string | undefined;
  model: string;
}

export interface JsonModelRequest {
  /** What the model is told to do (the system message). */
  instructions: string;
  /** What it works on (the user message). */
  content: string;
  /** The answer's JSON schema, strict, under a name. */
  name: string;
  schema: Record<string, unknown>;
}

/**
 * Asks the model, through the official client, for an answer in the request's JSON schema. Answers the reply's text,
 * still to be parsed and checked by the caller (a model's JSON is input like any other); throws what the client throws.
 */
export async function askModelForJson(settings: ModelSettings, request: JsonModelRequest): Promise<string> {
  const client = new OpenAI({ apiKey: settings.apiKey, baseURL: settings.baseUrl, timeout: MODEL_TIMEOUT_MS, maxRetries: 1 });
  const completion = await client.chat.completions.create({
    model: settings.model,
    messages: [
      { role: "system", content: request.instructions },
      { role: "user", content: request.content },
    ],
    response_format: { type: "json_schema", json_schema: { name: request.name, strict: true, schema: request.schema } },
  });
  return completion.choices[0]?.message.content ?? "";
}
