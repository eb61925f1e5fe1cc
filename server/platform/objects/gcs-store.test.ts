import crypto from "node:crypto";
import { Storage } from "@google-cloud/storage";
import { describe, expect, it } from "vitest";
import { createGcsStore } from "./gcs-store";

describe("GCS store", () => {
  it("when asked for an upload address, then it signs a V4 PUT URL for uploads/{id} (never the served copy) locally, expiring when asked", async () => {
    const { privateKey } = crypto.generateKeyPairSync("rsa", { modulusLength: 2048 });
    const storage = new Storage({
      projectId: "test-project",
      credentials: {
        client_email: "uploader@test-project.iam.gserviceaccount.com",
        private_key: privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
      },
    });
    const store = createGcsStore(storage, "podcast-bucket");
    const id = "0b5d1a4e-3c2f-4a8b-9d6e-1f2a3b4c5d6e";
    const url = new URL(await store.createUploadUrl(id, new Date(Date.now() + 10 * 60 * 1000)));
    expect(url.origin).toBe("https://storage.googleapis.com");
    expect(url.pathname).toBe(`/podcast-bucket/uploads/${id}`);
    expect(url.searchParams.get("X-Goog-Algorithm")).toBe("GOOG4-RSA-SHA256");
    expect(url.searchParams.get("X-Goog-Credential")).toMatch(/^uploader@test-project\.iam\.gserviceaccount\.com\//);
    const expires = Number(url.searchParams.get("X-Goog-Expires"));
    expect(expires).toBeGreaterThan(590);
    expect(expires).toBeLessThanOrEqual(600);
    expect(url.searchParams.get("X-Goog-Signature")).toMatch(/^[0-9a-f]{512}$/);
  });

  it("when the id is not a UUID, then no URL is signed", async () => {
    const store = createGcsStore(new Storage({ projectId: "p" }), "b");
    await expect(store.createUploadUrl("../../etc/passwd", new Date())).rejects.toThrow(/not an object id/);
  });
});
