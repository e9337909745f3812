import { lookup as dnsLookup } from "node:dns/promises";
import http, { type ClientRequest, type IncomingMessage } from "node:http";
import https from "node:https";
import { isIP, isIPv4, isIPv6, type LookupFunction } from "node:net";
import { PassThrough, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";

export interface SafeFetchOptions {
  /** FETCH_ALLOW_PRIVATE_NETWORK=1: tests and local use only; lifts the address check. */
  allowPrivateNetwork: boolean;
  /** Default 5 MB, counted on the decoded body and on the bytes as sent. */
  maxBytes?: number;
  /** Default 10 s, for the whole fetch: lookups, redirects and body. */
  timeoutMs?: number;
  /** Default 5. */
  maxRedirects?: number;
  /** DNS, injectable for tests; default node:dns lookup with { all: true }. */
  lookup?: (hostname: string) => Promise<Address[]>;
  /** Which addresses may be connected to; default isPublicAddress. Tests inject one to play a "public" site on loopback. */
  isAllowedAddress?: (address: string) => boolean;
  /** Stops the fetch early (its asker went away): it then answers "failed". */
  signal?: AbortSignal;
}

export interface Address {
  address: string;
  family: 4 | 6;
}

export type FetchedPage =
  /** `url` is the final URL, after redirects. */
  | { kind: "ok"; url: string; html: string }
  /** The link's fault: the API answers 400 with `message`. */
  | { kind: "refused"; message: string }
  /** The site's fault: 502, or 504 when it timed out. */
  | { kind: "failed"; message: string; timedOut: boolean; detail?: string };

const MB = 1024 * 1024;
/** Sites serve some pages only to browsers, so Kim asks like one. */
const HEADERS = {
  "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0.0.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8",
  "Accept-Encoding": "gzip, deflate, br",
};
const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const HTML_TYPES = new Set(["text/html", "application/xhtml+xml"]);
const UNREACHABLE = "The site could not be reached";
const NOT_PUBLIC = "That address is on a private network and cannot be imported";

const refused = (message: string): FetchedPage => ({ kind: "refused", message });
const failed = (message: string, timedOut = false): FetchedPage => ({ kind: "failed", message, timedOut });
/** A failure whose system error code (ENOTFOUND, ECONNRESET, ...) is for the log, not for the cook's screen. */
const failedWith = (message: string, detail: string): FetchedPage => ({ kind: "failed", message, timedOut: false, detail });
const errorCode = (err: unknown) => (err instanceof Error && "code" in err && typeof err.code === "string" ? err.code : String(err));

/** The HTML page at `url`, a user's link: only http(s) to allowed addresses, on every redirect, within the size and time caps. Never throws. */
export async function fetchPage(url: string, options: SafeFetchOptions): Promise<FetchedPage> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const seconds = timeoutMs / 1000;
  const settings: Settings = {
    maxBytes: options.maxBytes ?? 5 * MB,
    maxRedirects: options.maxRedirects ?? 5,
    lookup: options.lookup ?? systemLookup,
    isAllowed: options.allowPrivateNetwork ? () => true : (options.isAllowedAddress ?? isPublicAddress),
  };
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const tooSlow = new Promise<FetchedPage>((resolve) => {
    timer = setTimeout(
      () => resolve(failed(`The site did not answer within ${seconds} second${seconds === 1 ? "" : "s"}`, true)),
      timeoutMs,
    );
  });
  try {
    const signal = options.signal ? AbortSignal.any([controller.signal, options.signal]) : controller.signal;
    return await Promise.race([follow(url, settings, signal), tooSlow]);
  } finally {
    clearTimeout(timer);
    // Whatever is still open (a slow body, a request on the way) is closed here, on every outcome.
    controller.abort();
  }
}

interface Settings {
  maxBytes: number;
  maxRedirects: number;
  lookup: (hostname: string) => Promise<Address[]>;
  isAllowed: (address: string) => boolean;
}

async function follow(link: string, settings: Settings, signal: AbortSignal): Promise<FetchedPage> {
  let url = parseLink(link);
  for (let redirects = 0; ; redirects++) {
    if (!(url instanceof URL)) return url;
    const addresses = await checkedAddresses(url, settings);
    if (!Array.isArray(addresses)) return addresses;
    let exchange: { request: ClientRequest; response: IncomingMessage };
    try {
      exchange = await get(url, addresses, signal);
    } catch (err) {
      return failedWith(UNREACHABLE, errorCode(err));
    }
    const { request, response } = exchange;
    try {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        if (redirects === settings.maxRedirects) return refused("The page redirected too many times");
        url = parseLink(location, url);
        continue;
      }
      if (status < 200 || status > 299) return failed(`The site answered ${status}`);
      return await readPage(url, response, settings.maxBytes, signal);
    } finally {
      request.destroy();
    }
  }
}

function parseLink(text: string, base?: URL): URL | FetchedPage {
  let url: URL;
  try {
    url = new URL(text, base);
  } catch {
    return refused(base ? "The page redirected to a link that is not valid" : "That is not a valid link");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return refused("Only http and https links can be imported");
  if (url.username || url.password) return refused("Links with a user name or password cannot be imported");
  return url;
}

/** Every address the host has must be allowed: a client may connect to any of them. */
async function checkedAddresses(url: URL, settings: Settings): Promise<Address[] | FetchedPage> {
  const host = url.hostname.replace(/^\[(.*)\]$/, "$1");
  let addresses: Address[];
  if (isIP(host)) addresses = [{ address: host, family: isIPv4(host) ? 4 : 6 }];
  else {
    try {
      addresses = await settings.lookup(host);
    } catch (err) {
      return failedWith(UNREACHABLE, errorCode(err));
    }
  }
  if (addresses.length === 0) return failedWith(UNREACHABLE, "ENOTFOUND");
  return addresses.every((a) => settings.isAllowed(a.address)) ? addresses : refused(NOT_PUBLIC);
}

async function systemLookup(hostname: string): Promise<Address[]> {
  const answers = await dnsLookup(hostname, { all: true });
  return answers.map(({ address, family }) => ({ address, family: family === 6 ? 6 : 4 }));
}

/** The socket connects only to the addresses just checked, so a second DNS answer cannot swap them (DNS rebinding). */
const pinnedLookup =
  (addresses: Address[]): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) callback(null, addresses);
    else callback(null, addresses[0]!.address, addresses[0]!.family);
  };

function get(url: URL, addresses: Address[], signal: AbortSignal): Promise<{ request: ClientRequest; response: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    // Host header and TLS server name stay the link's host name; no shared agent, so every socket is ours to close.
    const request = client.get(url, { agent: false, headers: HEADERS, lookup: pinnedLookup(addresses), signal }, (response) =>
      resolve({ request, response }),
    );
    request.on("error", reject);
  });
}

class TooLarge extends Error {}

async function readPage(url: URL, response: IncomingMessage, maxBytes: number, signal: AbortSignal): Promise<FetchedPage> {
  const contentType = response.headers["content-type"];
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  if (mediaType && !HTML_TYPES.has(mediaType)) return refused(`The link is not a web page (${mediaType})`);
  const tooLarge = refused(
    `The page is larger than ${maxBytes >= MB ? `${+(maxBytes / MB).toFixed(1)} MB` : `${+(maxBytes / 1024).toFixed(1)} KB`}`,
  );
  if (Number(response.headers["content-length"]) > maxBytes) return tooLarge;
  const encoding = response.headers["content-encoding"]?.trim().toLowerCase() || "identity";
  const decoder = DECODERS.get(encoding)?.();
  if (!decoder) return failed(`The site sent the page in an encoding Kim cannot read (${encoding})`);

  const chunks: Buffer[] = [];
  try {
    // Capped before and after decoding: a small gzip bomb stops at the cap instead of filling memory.
    await pipeline(
      response,
      capped(maxBytes),
      decoder,
      capped(maxBytes),
      async (body: AsyncIterable<Buffer>) => {
        for await (const chunk of body) chunks.push(chunk);
      },
      { signal },
    );
  } catch (err) {
    return err instanceof TooLarge ? tooLarge : failedWith("The page could not be read", errorCode(err));
  }
  const body = Buffer.concat(chunks);
  if (!mediaType && !looksLikeHtml(body)) return refused("The link is not a web page");
  return { kind: "ok", url: url.href, html: decodeHtml(body, contentType) };
}

// Truncated streams are decoded as far as they go, as browsers do.
const DECODERS = new Map<string, () => Transform>([
  ["identity", () => new PassThrough()],
  ["gzip", () => zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH })],
  ["x-gzip", () => zlib.createGunzip({ finishFlush: zlib.constants.Z_SYNC_FLUSH })],
  ["deflate", () => zlib.createInflate({ finishFlush: zlib.constants.Z_SYNC_FLUSH })],
  ["br", () => zlib.createBrotliDecompress({ finishFlush: zlib.constants.BROTLI_OPERATION_FLUSH })],
]);

function capped(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      seen += chunk.length;
      if (seen > maxBytes) done(new TooLarge());
      else done(null, chunk);
    },
  });
}

/** A page served without a content type counts as HTML when it starts like one (the tags of the MIME sniffing standard). */
function looksLikeHtml(body: Buffer): boolean {
  const start = body.subarray(0, 512).toString("latin1");
  return /^(?:\xEF\xBB\xBF)?\s*<(?:!doctype html|html|head|body|script|iframe|h1|div|font|table|a|style|title|b|br|p|!--)[\s>]/i.test(
    start,
  );
}

/** Charset as browsers pick it: byte order mark, then the Content-Type header, then <meta charset>, else UTF-8. */
function decodeHtml(body: Buffer, contentType: string | undefined): string {
  const encoding =
    bomEncoding(body) ?? knownEncoding(/charset\s*=\s*"?([^";\s]+)/i.exec(contentType ?? "")?.[1]) ?? metaEncoding(body) ?? "utf-8";
  return encoding === "windows-1252" ? decodeWindows1252(body) : new TextDecoder(encoding).decode(body);
}

function bomEncoding(body: Buffer): string | undefined {
  if (body[0] === 0xef && body[1] === 0xbb && body[2] === 0xbf) return "utf-8";
  if (body[0] === 0xfe && body[1] === 0xff) return "utf-16be";
  if (body[0] === 0xff && body[1] === 0xfe) return "utf-16le";
  return undefined;
}

/** The encoding's canonical name, or undefined for a label TextDecoder does not know. */
function knownEncoding(label: string | undefined): string | undefined {
  if (!label) return undefined;
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

function metaEncoding(body: Buffer): string | undefined {
  const label = /<meta[^>]+charset\s*=\s*["']?\s*([\w.:-]+)/i.exec(body.subarray(0, 1024).toString("latin1"))?.[1];
  const encoding = knownEncoding(label);
  // A page that could state its charset in ASCII is not UTF-16, whatever it says (HTML standard).
  return encoding?.startsWith("utf-16") ? "utf-8" : encoding;
}

// Node's TextDecoder reads windows-1252 as latin1 (nodejs/node#60888), losing curly quotes and €; 0x80-0x9F by hand.
const WINDOWS_1252_80_9F = "€\x81‚ƒ„…†‡ˆ‰Š‹Œ\x8DŽ\x8F\x90‘’“”•–—˜™š›œ\x9DžŸ";
const decodeWindows1252 = (body: Buffer) =>
  body.toString("latin1").replace(/[\x80-\x9F]/g, (c) => WINDOWS_1252_80_9F[c.charCodeAt(0) - 0x80]!);

interface Range {
  base: bigint;
  bits: number;
  width: 32 | 128;
}

function ipv4Value(text: string): bigint | undefined {
  if (!isIPv4(text)) return undefined;
  return text.split(".").reduce((value, part) => (value << 8n) | BigInt(part), 0n);
}

function ipv6Value(text: string): bigint | undefined {
  // A zone index (fe80::1%eth0) only goes with link-local addresses.
  if (!isIPv6(text) || text.includes("%")) return undefined;
  let hex = text;
  const dotted = /\d+\.\d+\.\d+\.\d+$/.exec(text);
  if (dotted) {
    const v4 = ipv4Value(dotted[0]) ?? 0n;
    hex = `${text.slice(0, dotted.index)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = hex.split("::");
  const groups = (part = "") => (part ? part.split(":") : []);
  const left = groups(head);
  const right = groups(tail);
  const all = tail === undefined ? left : [...left, ...Array<string>(8 - left.length - right.length).fill("0"), ...right];
  return all.reduce((value, group) => (value << 16n) | BigInt(parseInt(group, 16)), 0n);
}

function range(cidr: string): Range {
  const [address = "", bits] = cidr.split("/");
  const v4 = ipv4Value(address);
  return v4 === undefined
    ? { base: ipv6Value(address) ?? 0n, bits: Number(bits), width: 128 }
    : { base: v4, bits: Number(bits), width: 32 };
}

const inRange = (value: bigint) => (r: Range) => value >> BigInt(r.width - r.bits) === r.base >> BigInt(r.width - r.bits);

const NOT_PUBLIC_V4 = [
  "0.0.0.0/8", // "this network"
  "10.0.0.0/8",
  "100.64.0.0/10", // carrier-grade NAT
  "127.0.0.0/8",
  "169.254.0.0/16", // link-local, cloud metadata at 169.254.169.254
  "172.16.0.0/12",
  "192.0.0.0/24", // IETF protocol assignments
  "192.0.2.0/24", // documentation
  "192.168.0.0/16",
  "198.18.0.0/15", // benchmarking
  "198.51.100.0/24", // documentation
  "203.0.113.0/24", // documentation
  "224.0.0.0/4", // multicast
  "240.0.0.0/4", // reserved, and broadcast 255.255.255.255
].map(range);

/** IPv6 forms that carry an IPv4 address, judged by that address; `at` is the bit where it ends. */
const EMBEDDING_V4 = [
  { range: range("::ffff:0:0/96"), at: 0 }, // IPv4-mapped
  { range: range("::/96"), at: 0 }, // IPv4-compatible; :: and ::1 become 0.0.0.0 and 0.0.0.1
  { range: range("64:ff9b::/96"), at: 0 }, // NAT64
  { range: range("2002::/16"), at: 80 }, // 6to4
];

/** Only global unicast is public; this also keeps out ::/128, ::1, fc00::/7, fe80::/10, ff00::/8, 100::/64 and 64:ff9b:1::/48. */
const GLOBAL_UNICAST = range("2000::/3");
const NOT_PUBLIC_V6 = [
  "2001::/32", // Teredo tunnels
  "2001:2::/48", // benchmarking
  "2001:db8::/32", // documentation
  "3fff::/20", // documentation
].map(range);

const isPublicV4 = (value: bigint) => !NOT_PUBLIC_V4.some(inRange(value));

/** Whether `address` (an IP literal, IPv6 without brackets) is on the public internet. Anything else, malformed text included, is not. */
export function isPublicAddress(address: string): boolean {
  const v4 = ipv4Value(address);
  if (v4 !== undefined) return isPublicV4(v4);
  const v6 = ipv6Value(address);
  if (v6 === undefined) return false;
  const embedding = EMBEDDING_V4.find((e) => inRange(v6)(e.range));
  if (embedding) return isPublicV4((v6 >> BigInt(embedding.at)) & 0xffffffffn);
  return inRange(v6)(GLOBAL_UNICAST) && !NOT_PUBLIC_V6.some(inRange(v6));
}
