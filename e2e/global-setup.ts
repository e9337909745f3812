import type { TestProject } from "vitest/node";
import { startServer } from "./server";

declare module "vitest" {
  export interface ProvidedContext {
    baseURL: string;
    serverOutputFile: string;
  }
}

export default async function setup(project: TestProject) {
  const server = await startServer();
  project.provide("baseURL", server.url);
  project.provide("serverOutputFile", server.outputFile);
  return () => server.stop();
}
