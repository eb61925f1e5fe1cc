import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import type supertest from "supertest";
import { describe, expect } from "vitest";
import { appTest } from "../../test/harness";

const it = appTest();

const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const GIF = Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

async function uploadAddress(admin: supertest.Agent): Promise<string> {
  const res = await admin.post("/api/objects/upload").expect(200);
  expect(res.body.uploadURL).toMatch(/^\/api\/objects\/uploads\/[0-9a-f-]{36}$/);
  return res.body.uploadURL as string;
}

describe("uploads", () => {
  it("when a PNG is PUT to a fresh address, then it is served from /objects/{id} with its type, nosniff and a long cache", async ({
    t,
    admin,
  }) => {
    const url = await uploadAddress(admin);
    const put = await admin.put(url).set("Content-Type", "application/octet-stream").send(PNG).expect(200);
    expect(put.body).toMatchObject({ contentType: "image/png" });
    const get = await t.request.get(put.body.objectPath).expect(200);
    expect(get.headers["content-type"]).toBe("image/png");
    expect(get.headers["x-content-type-options"]).toBe("nosniff");
    expect(get.headers["cache-control"]).toMatch(/max-age=31536000/);
    // Written again without metadata: the same pixels, the size the upload reported.
    expect((get.body as Buffer).length).toBe(put.body.size);
    expect(
      await sharp(get.body as Buffer)
        .raw()
        .toBuffer(),
    ).toEqual(await sharp(PNG).raw().toBuffer());
    await t.request.get(put.body.objectPath).set("If-None-Match", get.headers.etag!).expect(304);
  });

  it("when a provider is saved with the upload URL as its icon, then it stores /objects/{id}", async ({ admin }) => {
    const url = await uploadAddress(admin);
    await admin.put(url).send(GIF).expect(200);
    const res = await admin
      .post("/api/providers")
      .send({ name: "Uploaded", url: "https://x.example", icon: `http://localhost:5000${url}` });
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
    for (const body of [
      Buffer.from("%PDF-1.4 fake"),
      Buffer.from("<html><script>alert(1)</script></html>"),
      Buffer.from("MZ\x90\x00binary"),
    ]) {
      const url = await uploadAddress(admin);
      const res = await admin.put(url).set("Content-Type", "image/png").send(body);
      expect(res.status).toBe(415);
    }
  });

  it("when an SVG carries scripts, then it is stored sanitised and served with a sandboxing CSP", async ({ t, admin }) => {
    const url = await uploadAddress(admin);
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><circle r="4"/></svg>';
    const put = await admin.put(url).set("Content-Type", "image/svg+xml").send(Buffer.from(svg)).expect(200);
    const get = await t.request
      .get(put.body.objectPath)
      .buffer(true)
      .parse((res, cb) => {
        let data = "";
        res.on("data", (c: Buffer) => (data += c.toString()));
        res.on("end", () => cb(null, data));
      });
    expect(get.headers["content-type"]).toMatch(/^image\/svg\+xml/);
    expect(get.headers["content-security-policy"]).toMatch(/sandbox/);
    expect(get.body).toContain("<circle");
    expect(get.body).not.toMatch(/script|onload/);
  });

  it("when an SVG with an feMorphology filter is uploaded, then it is stored and served without the filter", async ({ t, admin }) => {
    const url = await uploadAddress(admin);
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="1024"><filter id="f"><feMorphology radius="900"/></filter><rect width="1024" height="1024" fill="red" filter="url(#f)"/></svg>';
    const put = await admin.put(url).send(Buffer.from(svg)).expect(200);

    const served = (await t.request.get(put.body.objectPath).buffer(true).expect(200)).body as Buffer;

    expect(served.toString()).toContain("<rect");
    expect(served.toString()).not.toMatch(/filter|feMorphology/i);
  });

  it("when a photo carries EXIF (GPS position, camera, author) and an orientation, then the original is served without them, the right way up", async ({
    t,
    admin,
  }) => {
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#c63" } })
      .withExif({
        IFD0: { Make: "PhoneCo", Model: "Phone 9", Artist: "Ann Example" },
        IFD3: { GPSLatitudeRef: "N", GPSLatitude: "51/1 30/1 0/1", GPSLongitudeRef: "W", GPSLongitude: "0/1 7/1 0/1" },
      })
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    expect((await sharp(photo).metadata()).exif?.toString("latin1")).toContain("PhoneCo");
    const url = await uploadAddress(admin);
    const put = await admin.put(url).send(photo).expect(200);

    const served = (await t.request.get(put.body.objectPath).buffer(true).expect(200)).body as Buffer;

    const meta = await sharp(served).metadata();
    expect([meta.format, meta.exif, meta.xmp, meta.iptc, meta.orientation]).toEqual(["jpeg", undefined, undefined, undefined, undefined]);
    expect([meta.width, meta.height]).toEqual([200, 300]);
    expect(served.toString("latin1")).not.toMatch(/PhoneCo|Ann Example/);
  });

  it("when a PNG or WebP carries text or EXIF, then it is stored without it", async ({ t, admin }) => {
    const base = sharp({ create: { width: 40, height: 30, channels: 4, background: "#36c8" } }).withExif({
      IFD0: { Artist: "Ann Example" },
    });
    for (const image of [await base.clone().png().toBuffer(), await base.clone().webp().toBuffer()]) {
      expect(image.toString("latin1")).toContain("Ann Example");
      const put = await admin
        .put(await uploadAddress(admin))
        .send(image)
        .expect(200);

      const served = (await t.request.get(put.body.objectPath).buffer(true).expect(200)).body as Buffer;

      expect(served.toString("latin1")).not.toContain("Ann Example");
      const meta = await sharp(served).metadata();
      expect([meta.width, meta.height, meta.exif]).toEqual([40, 30, undefined]);
    }
  });

  it("when the bytes look like a JPEG but cannot be read, then 415 and nothing is stored", async ({ t, admin }) => {
    const url = await uploadAddress(admin);
    const res = await admin.put(url).send(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 2, 3]));
    expect(res.status).toBe(415);
    await t.request.get(`/objects/${url.split("/").pop()}`).expect(404);
  });

  it("when an id is malformed or tries to leave the store, then 404 and no file is read", async ({ t, admin }) => {
    fs.writeFileSync(path.join(t.objectsDir, "..", "secret.txt"), "secret");
    for (const p of [
      "/objects/..%2Fsecret.txt",
      "/objects/%2e%2e%2fsecret.txt",
      "/objects/not-a-uuid",
      "/objects/00000000-0000-4000-8000-000000000000",
    ]) {
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

describe("an object's sizes", () => {
  /** A 300 × 300 JPEG, uploaded: /objects/{id}. */
  async function uploaded(admin: supertest.Agent, data?: Buffer): Promise<string> {
    const url = await uploadAddress(admin);
    const bytes =
      data ??
      (await sharp({ create: { width: 300, height: 300, channels: 3, background: "#36c" } })
        .jpeg()
        .toBuffer());
    return (await admin.put(url).send(bytes).expect(200)).body.objectPath as string;
  }
  const useAsHostPhoto = (admin: supertest.Agent, photo: string) =>
    admin
      .put("/api/identity/about")
      .send({ title: "", intro: "", hosts: [{ name: "Ann", role: "", bio: "", photo }] })
      .expect(200);

  it("when a size is asked of a kind the object is not used for, then 404; once it is used for a kind, that kind's sizes are served and only them", async ({
    t,
    admin,
  }) => {
    const photo = await uploaded(admin);

    await t.request.get(`${photo}/photo-160.webp`).expect(404);
    await t.request.get(`${photo}/banner-desktop-2400.avif`).expect(404);

    await useAsHostPhoto(admin, photo);

    await t.request.get(`${photo}/photo-160.webp`).expect(200);
    await t.request.get(`${photo}/banner-desktop-2400.avif`).expect(404);
    await t.request.get(`${photo}/artwork-1024.jpeg`).expect(404);
  });

  it("when the sizes of a kind were kept before the object's uses were recorded, then they are still served", async ({ t, admin }) => {
    const photo = await uploaded(admin);
    await useAsHostPhoto(admin, photo);
    await t.db.database.pool.query("UPDATE objects SET used_for = '{}' WHERE id = $1", [photo.split("/").pop()]);

    await t.request.get(`${photo}/photo-320.jpeg`).expect(200);
  });

  it("when an SVG stored before filters were refused carries one, then its sizes are drawn without it", async ({ t, admin }) => {
    const blue = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100" fill="blue"/></svg>';
    const photo = await uploaded(admin, Buffer.from(blue));
    // As an older version stored it: the filter floods the square red.
    const filtered =
      '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><filter id="f"><feFlood flood-color="red"/></filter><rect width="100" height="100" fill="blue" filter="url(#f)"/></svg>';
    fs.writeFileSync(path.join(t.objectsDir, photo.split("/").pop()!), filtered);

    await useAsHostPhoto(admin, photo);
    const res = await t.request.get(`${photo}/photo-160.jpeg`).buffer(true).expect(200);

    const { data } = await sharp(res.body as Buffer)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([data[0]! < 80, data[2]! > 180]).toEqual([true, true]);
  });
});
