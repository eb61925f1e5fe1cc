import fs from "node:fs";
import { afterAll, describe, expect } from "vitest";
import { createFakeClient } from "../../test/fake-client";
import { appTest } from "../../test/harness";

const clientDir = createFakeClient();
const it = appTest({ clientDir, config: { publicUrl: "http://show.example", env: "test", trustProxy: undefined } });
afterAll(() => fs.rmSync(clientDir, { recursive: true, force: true }));

describe("the admin screens' other addresses", () => {
  it("when /admin/episodes or /admin/providers is loaded, then it redirects to the screen at /episodes or /providers, its query and a trailing slash kept apart", async ({
    t,
    admin,
  }) => {
    for (const [asked, screen] of [
      ["/admin/episodes", "/episodes"],
      ["/admin/providers", "/providers"],
      ["/admin/episodes/", "/episodes"],
      ["/admin/providers?from=menu", "/providers?from=menu"],
    ] as const) {
      for (const agent of [t.request, admin]) {
        const res = await agent.get(asked);
        expect(res.status, asked).toBe(302);
        expect(res.headers.location, asked).toBe(screen);
        expect(res.headers["cache-control"], asked).toContain("no-store");
      }
    }
    // The screens themselves are pages, as are the admin's others under /admin/.
    for (const screen of ["/episodes", "/providers", "/admin/clips"]) {
      const res = await admin.get(screen);
      expect(res.status, screen).toBe(200);
      expect(res.headers["content-type"], screen).toMatch(/^text\/html/);
    }
  });

  it("when a made-up address under /admin/ is loaded, then it is still the 404 page", async ({ t }) => {
    for (const p of ["/admin/episode", "/admin/episodes/1", "/admin/providerz"]) {
      expect((await t.request.get(p)).status, p).toBe(404);
    }
  });
});
