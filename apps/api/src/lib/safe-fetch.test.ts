import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { fetchPage, isPublicAddress, type Address, type SafeFetchOptions } from "./safe-fetch";

const NOT_PUBLIC = "That address is on a private network and cannot be imported";
const PAGE = "<!doctype html><html><head><title>Pancakes</title></head><body><h1>Pancakes</h1></body></html>";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A web site on one loopback address; counts connections and records requests. */
async function site(host: string) {
  const routes = new Map<string, Handler>();
  const requests: { path: string; headers: IncomingHttpHeaders }[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    requests.push({ path: req.url ?? "", headers: req.headers });
    const handler = routes.get(new URL(req.url ?? "/", "http://site").pathname);
    if (handler) handler(req, res);
    else res.writeHead(404, { "content-type": "text/html" }).end("<h1>Not found</h1>");
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    origin: `http://${host}:${port}`,
    routes,
    requests,
    connections: () => connections,
    reset() {
      routes.clear();
      requests.length = 0;
      connections = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const html = (body: string | Buffer, headers: Record<string, string | number> = {}): Handler => {
  return (_req, res) => res.writeHead(200, { "content-type": "text/html; charset=utf-8", ...headers }).end(body);
};
const redirect = (location: string, status = 302): Handler => {
  return (_req, res) => res.writeHead(status, { location }).end();
};

/** Resolves names from a table and records every question. */
function dns(table: Record<string, string[]>) {
  const asked: string[] = [];
  const lookup = async (hostname: string): Promise<Address[]> => {
    asked.push(hostname);
    return (table[hostname] ?? []).map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
  };
  return { asked, lookup };
}

// The stand-in for a public site lives on 127.0.0.2, the only address these options allow; 127.0.0.1 plays Kim's own network.
let outside: Awaited<ReturnType<typeof site>>;
let inside: Awaited<ReturnType<typeof site>>;
const asPublic: SafeFetchOptions = { allowPrivateNetwork: false, isAllowedAddress: (address) => address === "127.0.0.2" };

beforeAll(async () => {
  outside = await site("127.0.0.2");
  inside = await site("127.0.0.1");
});
afterAll(async () => {
  await outside.close();
  await inside.close();
});
beforeEach(() => {
  outside.reset();
  inside.reset();
  inside.routes.set("/", html("<h1>Kim's own network</h1>"));
});

describe("isPublicAddress", () => {
  it.each([
    { range: "0.0.0.0/8", inside: ["0.0.0.0", "0.255.255.255"], outside: ["1.0.0.0"] },
    { range: "10.0.0.0/8", inside: ["10.0.0.0", "10.255.255.255"], outside: ["9.255.255.255", "11.0.0.0"] },
    { range: "100.64.0.0/10", inside: ["100.64.0.0", "100.127.255.255"], outside: ["100.63.255.255", "100.128.0.0"] },
    { range: "127.0.0.0/8", inside: ["127.0.0.0", "127.0.0.1", "127.255.255.255"], outside: ["126.255.255.255", "128.0.0.0"] },
    { range: "169.254.0.0/16", inside: ["169.254.0.0", "169.254.169.254", "169.254.255.255"], outside: ["169.253.255.255", "169.255.0.0"] },
    { range: "172.16.0.0/12", inside: ["172.16.0.0", "172.31.255.255"], outside: ["172.15.255.255", "172.32.0.0"] },
    { range: "192.0.0.0/24", inside: ["192.0.0.0", "192.0.0.255"], outside: ["191.255.255.255", "192.0.1.0"] },
    { range: "192.0.2.0/24", inside: ["192.0.2.0", "192.0.2.255"], outside: ["192.0.1.255", "192.0.3.0"] },
    { range: "192.168.0.0/16", inside: ["192.168.0.0", "192.168.255.255"], outside: ["192.167.255.255", "192.169.0.0"] },
    { range: "198.18.0.0/15", inside: ["198.18.0.0", "198.19.255.255"], outside: ["198.17.255.255", "198.20.0.0"] },
    { range: "198.51.100.0/24", inside: ["198.51.100.0", "198.51.100.255"], outside: ["198.51.99.255", "198.51.101.0"] },
    { range: "203.0.113.0/24", inside: ["203.0.113.0", "203.0.113.255"], outside: ["203.0.112.255", "203.0.114.0"] },
    { range: "224.0.0.0/4 multicast", inside: ["224.0.0.0", "239.255.255.255"], outside: ["223.255.255.255"] },
    { range: "240.0.0.0/4 reserved and broadcast", inside: ["240.0.0.0", "255.255.255.255"], outside: [] },
    {
      range: "2001::/32 Teredo",
      inside: ["2001::", "2001:0:ffff:ffff:ffff:ffff:ffff:ffff"],
      outside: ["2000:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "2001:1::"],
    },
    {
      range: "2001:2::/48 benchmarking",
      inside: ["2001:2::", "2001:2:0:ffff:ffff:ffff:ffff:ffff"],
      outside: ["2001:1:ffff:ffff:ffff:ffff:ffff:ffff", "2001:2:1::"],
    },
    {
      range: "2001:db8::/32 documentation",
      inside: ["2001:db8::", "2001:db8::1", "2001:db8:ffff:ffff:ffff:ffff:ffff:ffff"],
      outside: ["2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", "2001:db9::"],
    },
    {
      range: "3fff::/20 documentation",
      inside: ["3fff::", "3fff:fff:ffff:ffff:ffff:ffff:ffff:ffff"],
      outside: ["3ffe:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "3fff:1000::"],
    },
  ])("$range is not public, its neighbours are", ({ inside, outside }) => {
    for (const address of inside) expect(isPublicAddress(address), address).toBe(false);
    for (const address of outside) expect(isPublicAddress(address), address).toBe(true);
  });

  it("takes only global unicast 2000::/3 as public IPv6", () => {
    const notPublic = [
      "::",
      "::1",
      "1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
      "4000::",
      "fc00::",
      "fd00::1",
      "fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
      "fe80::1",
      "febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff",
      "fec0::1",
      "ff00::",
      "ff02::1",
      "100::",
      "100::ffff:ffff:ffff:ffff",
      "64:ff9b:1::808:808",
    ];
    for (const address of notPublic) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["2000::", "3fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "2606:4700:4700::1111", "2a00:1450:4001:80e::200e"]) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });

  it.each([
    ["::ffff:127.0.0.1", false],
    ["::ffff:7f00:1", false],
    ["::ffff:169.254.169.254", false],
    ["::ffff:10.0.0.0", false],
    ["::ffff:9.255.255.255", true],
    ["::ffff:808:808", true],
    ["::fffe:808:808", false],
    ["::127.0.0.1", false],
    ["::8.8.8.8", true],
    ["64:ff9b::127.0.0.1", false],
    ["64:ff9b::a9fe:a9fe", false],
    ["64:ff9b::8.8.8.8", true],
    ["64:ff9a:ffff:ffff:ffff:ffff:808:808", false],
    ["2002:7f00:1::", false],
    ["2002:c0a8:101::1", false],
    ["2002:808:808::1", true],
    ["2002:ffff:ffff::", false],
  ])("judges %s by the IPv4 address inside it (public: %s)", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });

  it("takes public addresses as public and anything that is not an address as not", () => {
    for (const address of ["8.8.8.8", "1.1.1.1", "93.184.215.14"]) expect(isPublicAddress(address), address).toBe(true);
    for (const address of [
      "",
      "localhost",
      "example.com",
      "1.2.3",
      "256.0.0.1",
      "08.8.8.8",
      "[2606:4700::1111]",
      "fe80::1%eth0",
      "1:2:3",
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
  });
});

describe("fetchPage refuses links to Kim's own network", () => {
  it.each([
    "http://127.0.0.1:PORT/",
    "http://127.1:PORT/",
    "http://2130706433:PORT/",
    "http://0x7f.1:PORT/",
    "http://0.0.0.0:PORT/",
    "http://[::1]:PORT/",
    "http://[::ffff:127.0.0.1]:PORT/",
    "http://10.0.0.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://100.64.0.1/",
    "http://[fd00::1]/",
    "https://192.168.1.1/",
  ])("%s", async (link) => {
    const { asked, lookup } = dns({});
    const page = await fetchPage(link.replace("PORT", String(inside.port)), { allowPrivateNetwork: false, lookup });
    expect(page).toEqual({ kind: "refused", message: NOT_PUBLIC });
    expect(asked).toEqual([]);
    expect(inside.connections()).toBe(0);
  });

  it("refuses a name that resolves to a private address", async () => {
    const { asked, lookup } = dns({ "kim.example": ["127.0.0.1"] });
    expect(await fetchPage(`http://kim.example:${inside.port}/`, { allowPrivateNetwork: false, lookup })).toEqual({
      kind: "refused",
      message: NOT_PUBLIC,
    });
    expect(asked).toEqual(["kim.example"]);
    expect(inside.connections()).toBe(0);
  });

  it("refuses a name when any one of its addresses is private", async () => {
    const { lookup } = dns({ "mixed.example": ["93.184.215.14", "127.0.0.1"], "mixed6.example": ["2606:4700::1111", "::1"] });
    for (const host of ["mixed.example", "mixed6.example"]) {
      expect(await fetchPage(`http://${host}:${inside.port}/`, { allowPrivateNetwork: false, lookup })).toEqual({
        kind: "refused",
        message: NOT_PUBLIC,
      });
    }
    expect(inside.connections()).toBe(0);
  });

  it("refuses other schemes, credentials and text that is not a link", async () => {
    const cases = [
      ["file:///etc/passwd", "Only http and https links can be imported"],
      ["ftp://example.com/recipe.html", "Only http and https links can be imported"],
      ["javascript:alert(1)", "Only http and https links can be imported"],
      ["data:text/html,<h1>Hi</h1>", "Only http and https links can be imported"],
      [`http://user:pass@127.0.0.2:${outside.port}/`, "Links with a user name or password cannot be imported"],
      [`http://user@127.0.0.2:${outside.port}/`, "Links with a user name or password cannot be imported"],
      ["pancakes", "That is not a valid link"],
      ["", "That is not a valid link"],
    ];
    for (const [link, message] of cases) expect(await fetchPage(link!, asPublic), link).toEqual({ kind: "refused", message });
    expect(outside.connections()).toBe(0);
  });

  it("refuses a public site's redirect to a private address, a private name or another scheme", async () => {
    const { lookup } = dns({ "public.example": ["127.0.0.2"], "private.example": ["10.0.0.1"] });
    outside.routes.set("/to-loopback", redirect(`http://127.0.0.1:${inside.port}/`));
    outside.routes.set("/to-private-name", redirect("http://private.example/", 301));
    outside.routes.set("/to-file", redirect("file:///etc/passwd"));
    const origin = `http://public.example:${outside.port}`;
    expect(await fetchPage(`${origin}/to-loopback`, { ...asPublic, lookup })).toEqual({ kind: "refused", message: NOT_PUBLIC });
    expect(await fetchPage(`${origin}/to-private-name`, { ...asPublic, lookup })).toEqual({ kind: "refused", message: NOT_PUBLIC });
    expect(await fetchPage(`${origin}/to-file`, { ...asPublic, lookup })).toEqual({
      kind: "refused",
      message: "Only http and https links can be imported",
    });
    expect(outside.requests.map((r) => r.path)).toEqual(["/to-loopback", "/to-private-name", "/to-file"]);
    expect(inside.connections()).toBe(0);
  });

  it("connects to the address it checked, with one lookup, and keeps the host name for the site", async () => {
    const asked: string[] = [];
    // A rebinding name: public for the check, Kim's own network for any later lookup.
    const lookup = async (hostname: string): Promise<Address[]> => {
      asked.push(hostname);
      return [{ address: asked.length === 1 ? "127.0.0.2" : "127.0.0.1", family: 4 }];
    };
    outside.routes.set("/", html(PAGE));
    const page = await fetchPage(`http://rebind.example:${outside.port}/`, { ...asPublic, lookup });
    expect(page).toEqual({ kind: "ok", url: `http://rebind.example:${outside.port}/`, html: PAGE });
    expect(asked).toEqual(["rebind.example"]);
    expect(inside.connections()).toBe(0);
    const { headers } = outside.requests[0]!;
    expect(headers.host).toBe(`rebind.example:${outside.port}`);
    expect(headers["user-agent"]).toMatch(/^Mozilla\/5\.0 .* Chrome\/\d+\.0\.0\.0 Safari\/537\.36$/);
    expect(headers.accept).toBe("text/html,application/xhtml+xml;q=0.9,*/*;q=0.8");
    expect(headers["accept-encoding"]).toBe("gzip, deflate, br");
  });

  it("tries the next checked address when the first does not answer", async () => {
    const { lookup } = dns({ "two.example": ["127.0.0.3", "127.0.0.2"] });
    outside.routes.set("/", html(PAGE));
    const isAllowedAddress = (address: string) => address === "127.0.0.2" || address === "127.0.0.3";
    const page = await fetchPage(`http://two.example:${outside.port}/`, { allowPrivateNetwork: false, lookup, isAllowedAddress });
    expect(page).toMatchObject({ kind: "ok", html: PAGE });
  });

  it("fetches from loopback when the private network is allowed", async () => {
    const page = await fetchPage(`http://127.0.0.1:${inside.port}/`, { allowPrivateNetwork: true });
    expect(page).toEqual({ kind: "ok", url: `http://127.0.0.1:${inside.port}/`, html: "<h1>Kim's own network</h1>" });
  });
});

describe("fetchPage follows redirects", () => {
  beforeEach(() => {
    const statuses = [301, 302, 303, 307, 308, 302];
    for (let n = 1; n <= 6; n++) outside.routes.set(`/hop/${n}`, redirect(`/hop/${n - 1}`, statuses[n - 1]));
    outside.routes.set("/hop/0", html(PAGE));
  });

  it("follows five redirects to the page, each checked", async () => {
    expect(await fetchPage(`${outside.origin}/hop/5`, asPublic)).toEqual({ kind: "ok", url: `${outside.origin}/hop/0`, html: PAGE });
    expect(outside.requests.map((r) => r.path)).toEqual(["/hop/5", "/hop/4", "/hop/3", "/hop/2", "/hop/1", "/hop/0"]);
  });

  it("refuses a sixth redirect", async () => {
    expect(await fetchPage(`${outside.origin}/hop/6`, asPublic)).toEqual({
      kind: "refused",
      message: "The page redirected too many times",
    });
    expect(outside.requests).toHaveLength(6);
  });

  it("resolves a relative Location against the page that sent it", async () => {
    outside.routes.set("/recipes/old/pancakes", redirect("../new/pancakes?serves=4", 301));
    outside.routes.set("/recipes/new/pancakes", html(PAGE));
    expect(await fetchPage(`${outside.origin}/recipes/old/pancakes`, asPublic)).toEqual({
      kind: "ok",
      url: `${outside.origin}/recipes/new/pancakes?serves=4`,
      html: PAGE,
    });
  });
});

describe("fetchPage reads pages", () => {
  it("decodes gzip, deflate and brotli", async () => {
    outside.routes.set("/gzip", html(gzipSync(PAGE), { "content-encoding": "gzip" }));
    outside.routes.set("/deflate", html(deflateSync(PAGE), { "content-encoding": "deflate" }));
    outside.routes.set("/br", html(brotliCompressSync(PAGE), { "content-encoding": "br" }));
    for (const path of ["/gzip", "/deflate", "/br"]) {
      expect(await fetchPage(`${outside.origin}${path}`, asPublic)).toEqual({ kind: "ok", url: `${outside.origin}${path}`, html: PAGE });
    }
  });

  it("reads the charset from Content-Type, then <meta>, else UTF-8", async () => {
    const latin = (text: string) => Buffer.from(text, "latin1");
    // “café” and € exist in windows-1252 only, at 0x93, 0x94 and 0x80.
    const dessert = "Cr\xe8me br\xfbl\xe9e \x93caf\xe9\x94 3 \x80";
    outside.routes.set("/header", html(latin(`<p>${dessert}</p>`), { "content-type": "text/html; charset=windows-1252" }));
    outside.routes.set("/meta", html(latin(`<meta charset="iso-8859-1"><p>${dessert}</p>`), { "content-type": "text/html" }));
    outside.routes.set(
      "/http-equiv",
      html(latin(`<meta http-equiv="Content-Type" content="text/html; charset=windows-1252"><p>${dessert}</p>`), {
        "content-type": "text/html",
      }),
    );
    outside.routes.set("/unknown-label", html("<p>Crème brûlée</p>", { "content-type": "text/html; charset=klingon" }));
    outside.routes.set("/utf-8", html("<p>Crème brûlée “café” €</p>", { "content-type": "text/html" }));
    const text = async (path: string) => {
      const page = await fetchPage(`${outside.origin}${path}`, asPublic);
      return page.kind === "ok" ? page.html.replace(/^.*<p>/, "") : page;
    };
    expect(await text("/header")).toBe("Crème brûlée “café” 3 €</p>");
    expect(await text("/meta")).toBe("Crème brûlée “café” 3 €</p>");
    expect(await text("/http-equiv")).toBe("Crème brûlée “café” 3 €</p>");
    expect(await text("/unknown-label")).toBe("Crème brûlée</p>");
    expect(await text("/utf-8")).toBe("Crème brûlée “café” €</p>");
  });

  it("takes a page without a content type when it starts like HTML", async () => {
    const untyped =
      (body: string | Buffer): Handler =>
      (_req, res) =>
        res.writeHead(200).end(body);
    outside.routes.set("/untyped-html", untyped(`\ufeff \n${PAGE}`));
    outside.routes.set("/untyped-png", untyped(Buffer.from("89504e470d0a1a0a0000000d49484452", "hex")));
    expect(await fetchPage(`${outside.origin}/untyped-html`, asPublic)).toMatchObject({ kind: "ok" });
    expect(await fetchPage(`${outside.origin}/untyped-png`, asPublic)).toEqual({ kind: "refused", message: "The link is not a web page" });
  });

  it("refuses what is not a web page", async () => {
    outside.routes.set("/photo.png", html(Buffer.alloc(100), { "content-type": "image/png" }));
    outside.routes.set("/recipe.json", html("{}", { "content-type": "application/json; charset=utf-8" }));
    outside.routes.set("/xhtml", html(PAGE, { "content-type": "application/xhtml+xml" }));
    expect(await fetchPage(`${outside.origin}/photo.png`, asPublic)).toEqual({
      kind: "refused",
      message: "The link is not a web page (image/png)",
    });
    expect(await fetchPage(`${outside.origin}/recipe.json`, asPublic)).toEqual({
      kind: "refused",
      message: "The link is not a web page (application/json)",
    });
    expect(await fetchPage(`${outside.origin}/xhtml`, asPublic)).toMatchObject({ kind: "ok", html: PAGE });
  });
});

describe("fetchPage caps size and time", () => {
  const TOO_LARGE = { kind: "refused", message: "The page is larger than 5 MB" };

  it("takes a page of exactly the cap and refuses one byte more", async () => {
    outside.routes.set("/at-cap", html("x".repeat(1000)));
    outside.routes.set("/over-cap", html("x".repeat(1001)));
    outside.routes.set("/over-cap-gzip", html(gzipSync("x".repeat(1001)), { "content-encoding": "gzip" }));
    const options = { ...asPublic, maxBytes: 1000 };
    expect(await fetchPage(`${outside.origin}/at-cap`, options)).toMatchObject({ kind: "ok" });
    expect(await fetchPage(`${outside.origin}/over-cap`, options)).toEqual({ kind: "refused", message: "The page is larger than 1 KB" });
    expect(await fetchPage(`${outside.origin}/over-cap-gzip`, options)).toMatchObject({ kind: "refused" });
  });

  it("refuses a Content-Length over 5 MB before reading the body", async () => {
    outside.routes.set("/declared", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html", "content-length": 6 * 1024 * 1024 });
      res.write("<html>");
    });
    // The body never ends: a reader that waited for it would end at the time limit instead.
    expect(await fetchPage(`${outside.origin}/declared`, asPublic)).toEqual(TOO_LARGE);
  });

  it("stops reading a page sent without a length at 5 MB", async () => {
    let sent = 0;
    const closed = new Promise<void>((resolve) => {
      outside.routes.set("/endless", (_req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        const chunk = Buffer.alloc(64 * 1024, "x");
        const pump = () => {
          while (!res.destroyed && sent < 100 * 1024 * 1024 && res.write(chunk)) sent += chunk.length;
        };
        res.on("drain", pump);
        res.on("close", resolve);
        pump();
      });
    });
    expect(await fetchPage(`${outside.origin}/endless`, asPublic)).toEqual(TOO_LARGE);
    await closed;
    expect(sent).toBeLessThan(20 * 1024 * 1024);
  });

  it("refuses a gzip bomb without inflating it in memory", async () => {
    // 1 GiB of zeros in about 1 MB: one gzip member of 10 MB of zeros, repeated (gzip allows members end to end).
    const member = gzipSync(Buffer.alloc(10 * 1024 * 1024), { level: 9 });
    const bomb = Buffer.concat(Array<Buffer>(103).fill(member));
    outside.routes.set("/bomb", html(bomb, { "content-encoding": "gzip" }));
    const rssBefore = process.memoryUsage().rss;
    expect(await fetchPage(`${outside.origin}/bomb`, asPublic)).toEqual(TOO_LARGE);
    expect(process.memoryUsage().rss - rssBefore).toBeLessThan(200 * 1024 * 1024);
  });

  it("gives up on a slow page at the time limit and closes the connection", async () => {
    const closed = new Promise<void>((resolve) => {
      outside.routes.set("/slow", (req, res) => {
        res.writeHead(200, { "content-type": "text/html" });
        res.write("<html>");
        req.socket.on("close", resolve);
      });
    });
    const started = Date.now();
    expect(await fetchPage(`${outside.origin}/slow`, { ...asPublic, timeoutMs: 300 })).toEqual({
      kind: "failed",
      message: "The site did not answer within 0.3 seconds",
      timedOut: true,
    });
    expect(Date.now() - started).toBeGreaterThanOrEqual(290);
    await closed;
  });

  it("counts the lookup in the time limit", async () => {
    const lookup = () => new Promise<Address[]>(() => {});
    expect(await fetchPage("http://never.example/", { ...asPublic, lookup, timeoutMs: 200 })).toEqual({
      kind: "failed",
      message: "The site did not answer within 0.2 seconds",
      timedOut: true,
    });
  });
});

describe("fetchPage reports failing sites", () => {
  it("reports the status of an error answer", async () => {
    outside.routes.set("/broken", (_req, res) => res.writeHead(500).end());
    expect(await fetchPage(`${outside.origin}/missing`, asPublic)).toEqual({
      kind: "failed",
      message: "The site answered 404",
      timedOut: false,
    });
    expect(await fetchPage(`${outside.origin}/broken`, asPublic)).toEqual({
      kind: "failed",
      message: "The site answered 500",
      timedOut: false,
    });
  });

  it("reports a refused connection and an unknown name, the system's error code kept apart from the message", async () => {
    const closed = await site("127.0.0.2");
    await closed.close();
    expect(await fetchPage(`${closed.origin}/`, asPublic)).toEqual({
      kind: "failed",
      message: "The site could not be reached",
      timedOut: false,
      detail: "ECONNREFUSED",
    });
    const lookup = () => Promise.reject(Object.assign(new Error("getaddrinfo ENOTFOUND nowhere.example"), { code: "ENOTFOUND" }));
    expect(await fetchPage("https://nowhere.example/", { ...asPublic, lookup })).toEqual({
      kind: "failed",
      message: "The site could not be reached",
      timedOut: false,
      detail: "ENOTFOUND",
    });
    expect(await fetchPage("https://empty.example/", { ...asPublic, lookup: dns({}).lookup })).toEqual({
      kind: "failed",
      message: "The site could not be reached",
      timedOut: false,
      detail: "ENOTFOUND",
    });
  });

  it("reports an encoding it cannot read and a body cut short", async () => {
    outside.routes.set("/zstd", html("(zstd bytes)", { "content-encoding": "zstd" }));
    outside.routes.set("/cut", (_req, res) => {
      res.writeHead(200, { "content-type": "text/html", "content-length": 1000 }).write("<html>");
      setTimeout(() => res.destroy(), 20);
    });
    expect(await fetchPage(`${outside.origin}/zstd`, asPublic)).toEqual({
      kind: "failed",
      message: "The site sent the page in an encoding Kim cannot read (zstd)",
      timedOut: false,
    });
    expect(await fetchPage(`${outside.origin}/cut`, asPublic)).toMatchObject({
      kind: "failed",
      message: "The page could not be read",
      detail: expect.any(String),
    });
  });
});
