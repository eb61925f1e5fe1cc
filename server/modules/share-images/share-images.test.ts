import { afterEach, describe, expect, it, vi } from "vitest";
import type { ObjectStore, StoredObject } from "../../platform/objects/store";
import type { ShareImageInput } from "./draw";
import { createShareImages, type ShareImages } from "./service";

// The main thread's copy of the drawing module: any call to it here means drawing ran on the
// event loop. The worker thread loads the real module, which this mock cannot reach.
const drawnOnMainThread = vi.hoisted(() => ({ count: 0 }));
vi.mock("./draw", async (original) => ({
  ...(await original<typeof import("./draw")>()),
  renderShareImage: () => {
    drawnOnMainThread.count++;
    throw new Error("drawn on the main thread");
  },
  shareImageSvg: () => {
    drawnOnMainThread.count++;
    throw new Error("drawn on the main thread");
  },
}));

function memoryStore(): ObjectStore & { objects: Map<string, StoredObject> } {
  const objects = new Map<string, StoredObject>();
  return {
    kind: "local",
    objects,
    createUploadUrl: () => Promise.reject(new Error("not used")),
    write: async (id, data, contentType) => void objects.set(id, { data, contentType }),
    read: async (id) => objects.get(id) ?? null,
    remove: async (id) => void objects.delete(id),
  };
}

const input: ShareImageInput = {
  headline: "Pain is a protector",
  isQuote: false,
  quoteWords: "“\u0000”",
  footer: "example.com",
  theme: { id: "deep-ocean" },
  language: "en",
};

describe("share images", () => {
  let images: ShareImages | undefined;
  afterEach(async () => {
    await images?.close();
    drawnOnMainThread.count = 0;
  });

  it("when an image is asked for, then it is drawn in a worker thread, never on the event loop, and kept in the store", async () => {
    const store = memoryStore();
    images = createShareImages({ store });
    const png = await images.png(input);
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(drawnOnMainThread.count).toBe(0);
    expect(store.objects.size).toBe(1);
  }, 30_000);

  it("when more images are asked for at once than may wait, then the rest are refused with a 503 and a Retry-After, and none is drawn twice", async () => {
    const store = memoryStore();
    images = createShareImages({ store, maxQueue: 2 });
    const shared = images;
    const outcomes = await Promise.allSettled(Array.from({ length: 8 }, (_, i) => shared.png({ ...input, headline: `Headline ${i}` })));
    const refused = outcomes.flatMap((o) =>
      o.status === "rejected" ? [o.reason as { code?: string; retryAfter?: number; message: string }] : [],
    );
    expect(refused.length).toBeGreaterThan(0);
    for (const err of refused) expect(err).toMatchObject({ code: "UNAVAILABLE", retryAfter: 5, words: { key: "error.imagesBusy" } });
    expect(store.objects.size).toBe(8 - refused.length);
    // Once the queue has drained, a refused image is drawn.
    expect((await shared.png({ ...input, headline: "Headline 7" })).subarray(1, 4).toString()).toBe("PNG");
  }, 60_000);
});
