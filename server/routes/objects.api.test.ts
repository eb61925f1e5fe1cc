import fs from "node:fs";
import path from "node:path";
import type supertest from "supertest";
import { describe, expect } from "vitest";
import { appTest } from "../test/harness";

const it = appTest();

const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

async function uploadAddress(admin: supertest.Agent): Promise<string> {
  const res = await admin.post("/api/objects/upload").expect(200);
  expect(res.body.uploadURL).toMatch(/^\/api\/objects\/uploads\/[0-9a-f-]{36}$/);
  return res.body.uploadURL as string;
}

describe("uploads", () => {
  it("when a PNG is PUT to a fresh address, then it is served from /objects/{id} with its type, nosniff and a long cache", async ({ t, admin }) => {
    const url = await uploadAddress(admin);
    const put = await admin.put(url).set("Content-Type", "application/octet-stream").send(PNG).expect(200);
    expect(put.body).toMatchObject({ contentType: "image/png", size: PNG.length });
    const get = await t.request.get(put.body.objectPath).expect(200);
    expect(get.headers["content-type"]).toBe("image/png");
    expect(get.headers["x-content-type-options"]).toBe("nosniff");
    expect(get.headers["cache-control"]).toMatch(/max-age=31536000/);
    expect(Buffer.compare(get.body as Buffer, PNG)).toBe(0);
    await t.request.get(put.body.objectPath).set("If-None-Match", get.headers.etag!).expect(304);
  });

  it("when a provider is saved with the upload URL as its icon, then it stores /objects/{id}", async ({ admin }) => {
    const url = await uploadAddress(admin);
    await admin.put(url).send(GIF).expect(200);
    const res = await admin.post("/api/providers").send({ name: "Uploaded", url: "https://x.example", icon: `http://localhost:5000${url}` });
    expect(res.status).toBe(201);
    expect(res.body.icon).toBe(url.replace("/api/objects/uploads/", "/objects/"));
  });

  it("when an address is used twice, then the second PUT is refused with 410", async ({ admin }) => {
    const url = await uploadAddress(admin);
    await admin.put(url).send(PNG).expect(200);
    const again = await admin.put(url).send(PNG);
    expect(again.status).toBe(410);
    expect(again.body.message).toMatch(/expired or was already used/);
  });

  it("when an address has expired, then the PUT is refused with 410 and nothing is stored", async ({ t, admin }) => {
    const url = await uploadAddress(admin);
    const id = url.split("/").pop()!;
    await t.db.database.pool.query("UPDATE objects SET expires_at = now() - interval '1 second' WHERE id = $1", [id]);
    await admin.put(url).send(PNG).expect(410);
    await t.request.get(`/objects/${id}`).expect(404);
  });

  it("when the body is over 5,242,880 bytes, then 413 and nothing is stored", async ({ t, admin }) => {
    const url = await uploadAddress(admin);
    const big = Buffer.concat([PNG, Buffer.alloc(5_242_880 - PNG.length + 1)]);
    const res = await admin.put(url).send(big);
    expect(res.status).toBe(413);
    expect(res.body.message).toBeTruthy();
    const id = url.split("/").pop()!;
    await t.request.get(`/objects/${id}`).expect(404);
  });

  it("when the bytes are not PNG, JPEG, GIF, WebP or SVG, then 415 whatever the declared type", async ({ admin }) => {
    for (const body of [Buffer.from("%PDF-1.4 fake"), Buffer.from("<html><script>alert(1)</script></html>"), Buffer.from("MZ\x90\x00binary")]) {
      const url = await uploadAddress(admin);
      const res = await admin.put(url).set("Content-Type", "image/png").send(body);
      expect(res.status).toBe(415);
    }
  });

  it("when an SVG carries scripts, then it is stored sanitised and served with a sandboxing CSP", async ({ t, admin }) => {
    const url = await uploadAddress(admin);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="4"/></svg>';
    const put = await admin.put(url).set("Content-Type", "image/svg+xml").send(Buffer.from(svg)).expect(200);
    const get = await t.request.get(put.body.objectPath).buffer(true).parse((res, cb) => {
      let data = "";
      res.on("data", (c: Buffer) => (data += c.toString()));
      res.on("end", () => cb(null, data));
    });
    expect(get.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(get.headers["content-security-policy"]).toMatch(/sandbox/);
    expect(get.body).toContain("<circle");
    expect(get.body).not.toMatch(/script|onload/);
  });

  it("when an id is malformed or tries to leave the store, then 404 and no file is read", async ({ t, admin }) => {
    fs.writeFileSync(path.join(t.objectsDir, "..", "secret.txt"), "secret");
    for (const p of ["/objects/..%2Fsecret.txt", "/objects/%2e%2e%2fsecret.txt", "/objects/not-a-uuid", "/objects/00000000-0000-4000-8000-000000000000"]) {
      const res = await t.request.get(p);
      expect(res.status, p).toBe(404);
      expect(res.text).not.toContain("secret");
    }
    await admin.put("/api/objects/uploads/..%2F..%2Fetc%2Fpasswd").send(PNG).expect(404);
    await admin.put("/api/objects/uploads/00000000-0000-4000-8000-000000000000").send(PNG).expect(404);
  });

  it("when a visitor asks for an upload address or PUTs bytes, then 401", async ({ t, admin }) => {
    await t.request.post("/api/objects/upload").expect(401);
    const url = await uploadAddress(admin);
    await t.request.put(url).send(PNG).expect(401);
  });
});
