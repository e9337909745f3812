import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { createDeflate } from "node:zlib";
import { createDb } from "@kim/db";
import { createSession } from "../src/sessions/sessions";
import { pdfWithStream } from "../src/testing/make-pdf";
import { benchDatabase, kimStarted, peakWhile, rssMb, startBuiltKim } from "./harness";

/**
 * What hostile uploads cost the server: Kim started as in production (its own process, PostgreSQL), its resident
 * memory (RSS) read from /proc while
 *   1. 250 connections without a session each send a 19 MiB PDF upload (target: peak under +100 MB over idle),
 *   2. a Pro user uploads a 1 MB PDF whose content stream inflates to 1 GiB (target: a 4xx within 5 s, under +300 MB),
 *   3. four such users upload it at once.
 * Runs the production build (`pnpm --filter @kim/api build` first). Linux only (/proc). Environment: TEST_DATABASE_URL (the PostgreSQL server to create the bench database on).
 */

const MIB = 1024 * 1024;
const PORT = 20_000 + (process.pid % 20_000);
const BOUNDARY = "kim-bench-boundary";

function multipartHead(length: number, cookie?: string): string {
  return [
    "POST /api/recipes/extract-from-pdf HTTP/1.1",
    `Host: 127.0.0.1:${PORT}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${length}`,
    ...(cookie ? [`Cookie: ${cookie}`] : []),
    "",
    "",
  ].join("\r\n");
}

const partHead = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
const partTail = `\r\n--${BOUNDARY}--\r\n`;

/** One connection sending a 19 MiB upload as fast as the server takes it; answers the status it got (0: none). */
function heldUpload(bytes: number): Promise<number> {
  return new Promise((resolve) => {
    const socket = connect(PORT, "127.0.0.1");
    const chunk = Buffer.alloc(64 * 1024, 48);
    let sent = 0;
    let status = 0;
    let answer = "";
    socket.on("error", () => {});
    socket.on("data", (data) => {
      answer += data.toString("latin1");
      status ||= Number(/^HTTP\/1\.1 (\d+)/.exec(answer)?.[1] ?? 0);
    });
    socket.on("close", () => resolve(status));
    const pump = () => {
      while (sent < bytes && !socket.destroyed) {
        sent += chunk.length;
        if (!socket.write(chunk)) return void socket.once("drain", pump);
      }
    };
    socket.write(multipartHead(partHead.length + bytes + partTail.length) + partHead + "%PDF-1.7\n");
    pump();
  });
}

/** A one-page PDF with a line of text and a content stream of zeros that inflates to `bytes`. */
async function bomb(bytes: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on("data", (chunk: Buffer) => chunks.push(chunk));
  const zeros = Buffer.alloc(MIB);
  for (let i = 0; i < bytes / MIB; i++) if (!deflate.write(zeros)) await new Promise((resolve) => deflate.once("drain", resolve));
  await new Promise((resolve) => deflate.end(resolve));
  return pdfWithStream("/Filter /FlateDecode", Buffer.concat(chunks));
}

async function upload(pdf: Buffer, cookie: string): Promise<{ status: number; ms: number; message: string }> {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "bomb.pdf");
  const started = performance.now();
  const response = await fetch(`http://127.0.0.1:${PORT}/api/recipes/extract-from-pdf`, {
    method: "POST",
    headers: { cookie },
    body: form,
  });
  const body = (await response.json()) as { message?: string; count?: number };
  return { status: response.status, ms: performance.now() - started, message: body.message ?? `${body.count} recipes` };
}

const database = await benchDatabase("hostile");
const dataDir = mkdtempSync(path.join(tmpdir(), "kim-bench-hostile-"));
const { server, pid } = startBuiltKim(PORT, { DATABASE_URL: database.url, DATA_DIR: dataDir });
const handle = createDb({ databaseUrl: database.url, dataDir });
try {
  await kimStarted(PORT);
  const cookies: string[] = [];
  for (let i = 0; i < 4; i++) {
    const user = await handle.db
      .insertInto("users")
      .values({ email: `bench-hostile-${i}@example.com`, firstName: "Bench", isPro: true })
      .returning("id")
      .executeTakeFirstOrThrow();
    cookies.push(`kim_session=${await createSession(handle.db, user.id)}`);
  }
  // Idle: settled after start, as a load balancer would first see it.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const idle = rssMb(pid);
  console.log(`Hostile uploads against Kim on PostgreSQL (server pid ${pid}); idle RSS ${idle.toFixed(0)} MB (baseline)`);

  const held = await peakWhile(pid, async () => {
    const started = performance.now();
    const statuses = await Promise.all(Array.from({ length: 250 }, () => heldUpload(19 * MIB)));
    return { statuses, ms: performance.now() - started };
  });
  const counts = new Map<number, number>();
  for (const s of held.result.statuses) counts.set(s, (counts.get(s) ?? 0) + 1);
  const after = rssMb(pid);
  console.log(
    `250 connections without a session, 19 MiB uploads: peak RSS ${held.peak.toFixed(0)} MB (+${(held.peak - idle).toFixed(0)} MB, target under +100), ` +
      `${(held.result.ms / 1000).toFixed(1)} s for all, answers ${[...counts].map(([s, n]) => `${n} x ${s}`).join(", ")}; RSS after ${after.toFixed(0)} MB`,
  );

  const pdf = await bomb(1024 * MIB);
  const base = rssMb(pid);
  const one = await peakWhile(pid, () => upload(pdf, cookies[0]!));
  console.log(
    `A ${(pdf.length / MIB).toFixed(1)} MB PDF whose content stream inflates to 1 GiB: ${one.result.status} in ${(one.result.ms / 1000).toFixed(2)} s ` +
      `(target a 4xx within 5 s), peak RSS +${(one.peak - base).toFixed(0)} MB (target under +300): "${one.result.message}"`,
  );
  const base4 = rssMb(pid);
  const four = await peakWhile(pid, () => Promise.all(cookies.map((cookie) => upload(pdf, cookie))));
  console.log(
    `Four at once: ${four.result.map((r) => r.status).join(", ")}, slowest ${(Math.max(...four.result.map((r) => r.ms)) / 1000).toFixed(2)} s, ` +
      `peak RSS +${(four.peak - base4).toFixed(0)} MB`,
  );
} finally {
  server.kill("SIGTERM");
  await new Promise((resolve) => server.once("exit", resolve));
  await handle.close();
  await database.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(0);
