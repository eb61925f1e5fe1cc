import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { Storage } from "@google-cloud/storage";

type Upload = { key: string; parts: Map<number, Buffer> };
/** What the fake bucket holds: objects, multipart uploads under way, the requests seen, and the key signatures are checked with. */
interface Bucket {
  objects: Map<string, Buffer>;
  uploads: Map<string, Upload>;
  log: string[];
  publicKey: crypto.KeyObject;
}

/** Answers with an XML body, as the bucket writes its results and errors. */
const xml = (res: http.ServerResponse, status: number, body: string) => {
  res.writeHead(status, { "content-type": "application/xml" }).end(body);
};
/** Percent-encoding as the V4 signature's canonical query writes it. */
const enc = (s: string) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

/** The V4 signature check of a signed address (docs of the XML API's "signed URLs"). */
function signatureValid(req: http.IncomingMessage, url: URL, publicKey: crypto.KeyObject): boolean {
  const signature = url.searchParams.get("X-Goog-Signature");
  if (!signature) return false;
  const expires = Number(url.searchParams.get("X-Goog-Expires"));
  const date = url.searchParams.get("X-Goog-Date")!;
  const at = Date.UTC(
    +date.slice(0, 4),
    +date.slice(4, 6) - 1,
    +date.slice(6, 8),
    +date.slice(9, 11),
    +date.slice(11, 13),
    +date.slice(13, 15),
  );
  if (Date.now() > at + expires * 1000) return false;
  const query = [...url.searchParams.entries()]
    .filter(([k]) => k !== "X-Goog-Signature")
    .map(([k, v]) => `${enc(k)}=${enc(v)}`)
    .sort()
    .join("&");
  const signedHeaders = url.searchParams.get("X-Goog-SignedHeaders")!.split(";");
  const headers = signedHeaders.map((h) => `${h}:${h === "host" ? url.hostname : String(req.headers[h] ?? "").trim()}\n`).join("");
  const canonical = [req.method, url.pathname, query, headers, signedHeaders.join(";"), "UNSIGNED-PAYLOAD"].join("\n");
  const scope = url.searchParams.get("X-Goog-Credential")!.split("/").slice(1).join("/");
  const toSign = ["GOOG4-RSA-SHA256", date, scope, crypto.createHash("sha256").update(canonical).digest("hex")].join("\n");
  return crypto.verify("sha256", Buffer.from(toSign), publicKey, Buffer.from(signature, "hex"));
}

/** A call on an upload under way: a part put, the parts listed, the upload completed or aborted; false for any other call. */
function answerUpload(req: http.IncomingMessage, res: http.ServerResponse, bucket: Bucket, url: URL, body: Buffer): boolean {
  const uploadId = url.searchParams.get("uploadId")!;
  const upload = bucket.uploads.get(uploadId)!;
  if (req.method === "PUT") {
    const n = Number(url.searchParams.get("partNumber"));
    upload.parts.set(n, body);
    res.writeHead(200, { etag: `"${crypto.createHash("md5").update(body).digest("hex")}"` }).end();
  } else if (req.method === "GET") {
    const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b);
    const list = parts
      .map(
        ([n, b]) =>
          `<Part><PartNumber>${n}</PartNumber><ETag>"${crypto.createHash("md5").update(b).digest("hex")}"</ETag><Size>${b.length}</Size></Part>`,
      )
      .join("");
    xml(res, 200, `<ListPartsResult><UploadId>${uploadId}</UploadId>${list}</ListPartsResult>`);
  } else if (req.method === "POST") {
    const numbers = [...body.toString().matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
    bucket.objects.set(upload.key, Buffer.concat(numbers.map((n) => upload.parts.get(n)!)));
    bucket.uploads.delete(uploadId);
    xml(res, 200, `<CompleteMultipartUploadResult><Key>${upload.key}</Key></CompleteMultipartUploadResult>`);
  } else if (req.method === "DELETE") {
    bucket.uploads.delete(uploadId);
    res.writeHead(204).end();
  } else {
    return false;
  }
  return true;
}

/** A call on one object: PUT, DELETE, HEAD, or a GET, whole or of a byte range. */
function answerObject(req: http.IncomingMessage, res: http.ServerResponse, bucket: Bucket, key: string, body: Buffer): void {
  const object = bucket.objects.get(key);
  if (req.method === "PUT") {
    bucket.objects.set(key, body);
    res.writeHead(200).end();
  } else if (req.method === "DELETE") {
    res.writeHead(object ? 204 : 404).end();
    bucket.objects.delete(key);
  } else if (!object) {
    res.writeHead(404).end();
  } else if (req.method === "HEAD") {
    res.writeHead(200, { "content-length": object.length, "x-goog-stored-content-length": object.length }).end();
  } else {
    const [, start, end] = /bytes=(\d+)-(\d+)/.exec(req.headers.range ?? "") ?? [];
    const slice = start === undefined ? object : object.subarray(Number(start), Number(end) + 1);
    res.writeHead(start === undefined ? 200 : 206, { "content-length": slice.length }).end(slice);
  }
}

/** One request to the fake bucket: logged, its signature or bearer token checked, then answered. */
async function answer(req: http.IncomingMessage, res: http.ServerResponse, bucket: Bucket): Promise<void> {
  const url = new URL(req.url!, `http://${req.headers.host}`);
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const body = Buffer.concat(chunks);
  const [, , ...rest] = url.pathname.split("/");
  const key = decodeURIComponent(rest.join("/"));
  const signed = url.searchParams.has("X-Goog-Signature");
  bucket.log.push(`${req.method} ${url.pathname}${signed ? " (signed)" : ""}`);
  if (signed ? !signatureValid(req, url, bucket.publicKey) : !req.headers.authorization?.startsWith("Bearer ")) {
    xml(res, 403, "<Error><Code>SignatureDoesNotMatch</Code></Error>");
    return;
  }
  const uploadId = url.searchParams.get("uploadId");
  if (uploadId && !bucket.uploads.has(uploadId)) return xml(res, 404, "<Error><Code>NoSuchUpload</Code></Error>");
  if (req.method === "POST" && url.searchParams.has("uploads")) {
    const id = crypto.randomUUID();
    bucket.uploads.set(id, { key, parts: new Map() });
    return xml(res, 200, `<InitiateMultipartUploadResult><UploadId>${id}</UploadId></InitiateMultipartUploadResult>`);
  }
  if (uploadId && answerUpload(req, res, bucket, url, body)) return;
  answerObject(req, res, bucket, key, body);
}

/**
 * Google Cloud Storage at the network edge, for tests: a loopback server answering the XML API
 * calls the large-file store makes (multipart start, parts, list, complete, abort; HEAD, ranged
 * GET, PUT and DELETE of objects), keeping objects in memory. It checks V4 signatures with the
 * test key as the bucket does (so a part of another length than signed is refused), and that
 * every other call carries a bearer token. `storage()`: the library, pointed at it, with a test
 * service account that signs its own tokens (no token service is called).
 */
export async function startFakeGcs() {
  const { privateKey, publicKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
  const bucket: Bucket = { objects: new Map(), uploads: new Map(), log: [], publicKey };
  const { objects, uploads, log } = bucket;
  const server = http.createServer((req, res) => void answer(req, res, bucket));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    endpoint,
    objects,
    uploads,
    /** Each request as "METHOD /path", and whether it came on a signed address. */
    log,
    storage(): Storage {
      const storage = new Storage({
        apiEndpoint: endpoint,
        projectId: "test-project",
        credentials: {
          client_email: "uploader@test-project.iam.gserviceaccount.com",
          private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
        },
      });
      // The service account signs its own access tokens (a supported mode), so no token service is called.
      storage.authClient.useJWTAccessWithScope = true;
      return storage;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
