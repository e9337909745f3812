import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { startServer } from "./server";

function postJson(url: string, body: object) {
  return fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}

describe("processes", () => {
  it("keep the data of the embedded database across a restart", async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "kim-restart-"));
    const account = { email: "restart@example.com", password: "restart password" };
    const first = await startServer({ DATA_DIR: dataDir });
    expect((await postJson(`${first.url}/api/signup`, account)).status).toBe(201);
    await first.stop();
    expect(first.process.exitCode).toBe(0);

    const second = await startServer({ DATA_DIR: dataDir });
    try {
      expect((await postJson(`${second.url}/api/login`, account)).status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  // Only where a PostgreSQL server is reachable (CI sets TEST_DATABASE_URL); PGlite is one process by nature.
  if (process.env.TEST_DATABASE_URL) {
    it("start two at once against one PostgreSQL, and both serve", async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `kim_e2e_${Date.now()}`;
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      try {
        const env = { DATABASE_URL: url.toString(), KIM_ADMIN_EMAIL: "boss@example.com", KIM_ADMIN_PASSWORD: "boss password" };
        const servers = await Promise.all([startServer(env), startServer(env)]);
        try {
          for (const server of servers) {
            expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
            const login = await postJson(`${server.url}/api/login`, { email: "boss@example.com", password: "boss password" });
            expect(login.status).toBe(200);
            expect((await login.json()).isAdmin).toBe(true);
          }
        } finally {
          await Promise.all(servers.map((s) => s.stop()));
        }
      } finally {
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });
  }
});
