import fs from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { SMTPServer } from "smtp-server";

/** An e-mail as the mailbox received it: the envelope, the raw message, its headers and its decoded parts. */
export interface ReceivedMail {
  /** The envelope's recipients (RCPT TO), which is who the mail really goes to. */
  to: string[];
  from: string;
  raw: string;
  /** Header names in lower case, values unfolded and decoded. */
  headers: Record<string, string>;
  subject: string;
  text: string;
  html: string;
}

export interface Mailbox {
  /** smtp://127.0.0.1:port (with the user and password when the mailbox asks for them). */
  url: string;
  received: ReceivedMail[];
  /** While down, every connection is refused with a 421, as a mail server out of service. */
  setDown(down: boolean): void;
  clear(): void;
  /** Waits until `count` e-mails have arrived (at most `timeoutMs`). */
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
  /** Lets the process end with the mailbox still open (a browser test's global setup). */
  unref(): void;
}

/** Decodes RFC 2047 encoded words (=?UTF-8?Q?...?= / =?UTF-8?B?...?=), as nodemailer writes non-ASCII headers. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=/g, (_m, _charset: string, enc: string, data: string) =>
      enc.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(decodeQuoted(data.replace(/_/g, " ")), "latin1").toString("utf8"),
    );
}

/** Quoted-printable to bytes (as a latin1 string, one char a byte). */
function decodeQuoted(value: string): string {
  return value.replace(/=\r?\n/g, "").replace(/=([0-9A-Fa-f]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, " ").split(/\r?\n/)) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = decodeWords(line.slice(colon + 1).trim());
  }
  return headers;
}

function splitMessage(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return { headers: parseHeaders(raw), body: "" };
  return { headers: parseHeaders(raw.slice(0, at)), body: raw.slice(at).replace(/^\r?\n\r?\n/, "") };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers["content-transfer-encoding"] ?? "7bit").toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return Buffer.from(decodeQuoted(body), "latin1").toString("utf8");
  return body;
}

/** The text/plain and text/html parts of a message, one level of multipart deep (as nodemailer sends text with HTML). */
function partsOf(headers: Record<string, string>, body: string): { text: string; html: string } {
  const type = headers["content-type"] ?? "text/plain";
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (!type.toLowerCase().startsWith("multipart/") || !boundary) {
    const decoded = decodeBody(headers, body).replace(/\r\n/g, "\n");
    return type.toLowerCase().startsWith("text/html") ? { text: "", html: decoded } : { text: decoded, html: "" };
  }
  const found = { text: "", html: "" };
  for (const chunk of body.split(`--${boundary}`).slice(1)) {
    if (chunk.startsWith("--")) break;
    const part = splitMessage(chunk.replace(/^\r?\n/, ""));
    const inner = partsOf(part.headers, part.body.replace(/\r?\n$/, ""));
    found.text ||= inner.text;
    found.html ||= inner.html;
  }
  return found;
}

/**
 * An SMTP server on loopback that keeps what it receives (tests of e-mail; never another host).
 * `dir`: each e-mail is also written there as `<n>.json`, for a browser test's other process to read.
 */
export async function startMailbox(options: { dir?: string; user?: string; password?: string } = {}): Promise<Mailbox> {
  const received: ReceivedMail[] = [];
  let down = false;
  const server = new SMTPServer({
    disabledCommands: options.user ? ["STARTTLS"] : ["STARTTLS", "AUTH"],
    authOptional: !options.user,
    allowInsecureAuth: true,
    logger: false,
    onConnect(_session, callback) {
      callback(down ? Object.assign(new Error("Service not available"), { responseCode: 421 }) : undefined);
    },
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.password) callback(null, { user: auth.username });
      else callback(new Error("Invalid username or password"));
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        const { headers, body } = splitMessage(raw);
        const mail: ReceivedMail = {
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          raw,
          headers,
          subject: headers.subject ?? "",
          ...partsOf(headers, body),
        };
        received.push(mail);
        if (options.dir) {
          fs.mkdirSync(options.dir, { recursive: true });
          fs.writeFileSync(path.join(options.dir, `${Date.now()}-${received.length}.json`), JSON.stringify(mail));
        }
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const { port } = server.server.address() as AddressInfo;
  const credentials = options.user ? `${encodeURIComponent(options.user)}:${encodeURIComponent(options.password ?? "")}@` : "";
  return {
    url: `smtp://${credentials}127.0.0.1:${port}`,
    received,
    setDown: (value) => {
      down = value;
    },
    clear: () => {
      received.length = 0;
    },
    async waitFor(count, timeoutMs = 5_000) {
      const until = Date.now() + timeoutMs;
      while (received.length < count && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return received;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    unref: () => void server.server.unref(),
  };
}
