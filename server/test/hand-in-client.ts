import fs from "node:fs/promises";
import type { HandInUpload } from "../../shared/auditions";

/**
 * What the candidate's browser does to hand in a file (client/src/features/auditions/public/hand-in-upload.ts),
 * over real HTTP with fetch, for the benchmark and the fault script: start (or resume) the hand-in,
 * ask for each part's address, PUT the part, list the parts stored, complete. The file is read from
 * disk one part at a time.
 */
export class HandInClient {
  /** Part addresses asked for ahead, 20 at a time, as the browser does. */
  private ahead = new Map<number, string>();

  constructor(
    readonly base: string,
    readonly code: string,
  ) {}

  private async json(method: string, path: string, body: unknown, headers: Record<string, string> = {}) {
    const res = await fetch(this.base + path, {
      method,
      headers: { Origin: this.base, "Content-Type": "application/json", ...headers },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(30_000),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
    return JSON.parse(text) as unknown;
  }

  async start(file: string, fields: { name: string; email: string; notes?: string; fileName: string }): Promise<HandInUpload> {
    const handle = await fs.open(file, "r");
    try {
      const { size } = await handle.stat();
      const head = Buffer.alloc(Math.min(size, 4100));
      await handle.read(head, 0, head.length, 0);
      return (await this.json("POST", "/api/editors/hand-ins", {
        code: this.code,
        notes: "",
        ...fields,
        size,
        head: head.toString("base64"),
      })) as HandInUpload;
    } finally {
      await handle.close();
    }
  }

  async resume(upload: HandInUpload): Promise<HandInUpload> {
    return (await this.json(
      "POST",
      `/api/editors/hand-ins/${upload.id}/resume`,
      { code: this.code },
      { "x-upload-token": upload.token },
    )) as HandInUpload;
  }

  private sign(upload: HandInUpload, body: object) {
    return this.json("POST", `/api/editors/hand-ins/${upload.id}/sign`, body, { "x-upload-token": upload.token }) as Promise<{
      url: string;
      headers?: Record<string, string>;
    }>;
  }

  /** The part numbers the server holds. */
  async storedParts(upload: HandInUpload): Promise<number[]> {
    const { url, headers } = await this.sign(upload, { list: true });
    const res = await fetch(new URL(url, this.base), { headers });
    const xml = await res.text();
    return [...xml.matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((m) => Number(m[1]));
  }

  /** Sends part `n` of the file; `signal` lets a caller cut it off half-way. */
  async putPart(upload: HandInUpload, file: string, n: number, signal?: AbortSignal): Promise<number> {
    const handle = await fs.open(file, "r");
    let data: Buffer;
    try {
      const { size } = await handle.stat();
      const start = (n - 1) * upload.partSize;
      data = Buffer.alloc(Math.min(upload.partSize, size - start));
      await handle.read(data, 0, data.length, start);
    } finally {
      await handle.close();
    }
    let url = this.ahead.get(n);
    if (!url) {
      const count = await this.partCount(upload, file);
      const partNumbers = Array.from({ length: Math.min(20, count - n + 1) }, (_, i) => n + i);
      const { addresses } = (await this.sign(upload, { partNumbers })) as unknown as { addresses: { partNumber: number; url: string }[] };
      for (const a of addresses) this.ahead.set(a.partNumber, a.url);
      url = this.ahead.get(n)!;
    }
    this.ahead.delete(n);
    const res = await fetch(new URL(url, this.base), {
      method: "PUT",
      body: new Uint8Array(data.buffer as ArrayBuffer, data.byteOffset, data.length),
      headers: { Origin: this.base },
      signal,
    });
    await res.arrayBuffer();
    return res.status;
  }

  async partCount(upload: HandInUpload, file: string): Promise<number> {
    const { size } = await fs.stat(file);
    return Math.max(1, Math.ceil(size / upload.partSize));
  }

  async complete(upload: HandInUpload): Promise<{ status: number; text: string }> {
    const res = await fetch(`${this.base}/api/editors/hand-ins/${upload.id}/complete`, {
      method: "POST",
      headers: {
        Origin: this.base,
        "Content-Type": "application/xml",
        "x-upload-token": upload.token,
        "x-audition-code": encodeURIComponent(this.code),
      },
      body: "<CompleteMultipartUpload></CompleteMultipartUpload>",
      signal: AbortSignal.timeout(120_000),
    });
    return { status: res.status, text: await res.text() };
  }
}
