import type { TestProject } from "vitest/node";
import { openFoodFactsStandIn } from "../apps/api/src/testing/off-stand-in";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    serverOutputFile: string;
  }
}

/** One Kim server for all browser tests, with Open Food Facts replaced by the local stand-in. */
export default async function setup(project: TestProject) {
  const off = openFoodFactsStandIn();
  const offApiUrl = await off.start();
  const server = await startServer({ OFF_API_URL: offApiUrl });
  project.provide("baseURL", server.url);
  project.provide("serverOutputFile", server.outputFile);
  return async () => {
    await server.stop();
    await off.stop();
  };
}
