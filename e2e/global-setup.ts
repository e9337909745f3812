import type { TestProject } from "vitest/node";
import { startTestServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    fixtureURL: string;
    serverOutputFile: string;
  }
}

/** One Kim server for all browser tests (e2e/test-server.ts: Open Food Facts stand-in and fixture API included). */
export default async function setup(project: TestProject) {
  const server = await startTestServer();
  project.provide("baseURL", server.url);
  project.provide("fixtureURL", server.fixtureURL);
  project.provide("serverOutputFile", server.outputFile);
  return () => server.stop();
}
