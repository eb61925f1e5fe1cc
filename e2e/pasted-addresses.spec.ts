import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, createItem, removeE2EItems } from "./admin-api";
import { expect, test } from "./fixtures";
import { ADMIN_LOGIN } from "./server-state";

const ID = "4rOoJ6Egrf8K2IrywzwOMk";
const EMBED = `https://open.spotify.com/embed/episode/${ID}`;

let api: APIRequestContext;
test.beforeEach(async ({ page, baseURL }) => {
  api = await adminApi(baseURL!);
  const res = await page.request.post("/api/auth/login", {
    data: ADMIN_LOGIN,
    headers: { Origin: baseURL! },
  });
  expect(res.status()).toBe(200);
});
test.afterEach(async () => {
  await removeE2EItems(api);
  await api.dispose();
});

/** What a paste from the clipboard delivers to a field: a paste event with text (over the whole value when `overAll`). */
async function paste(page: Page, label: string, text: string, overAll = false): Promise<void> {
  const field = page.getByLabel(label);
  await field.focus();
  await field.evaluate(
    (input: HTMLInputElement, [pasted, all]) => {
      if (all) input.select();
      const data = new DataTransfer();
      data.setData("text/plain", pasted);
      input.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
    },
    [text, overAll] as const,
  );
}

const storedUrl = async (title: string) => {
  const episodes = (await (await api.get("/api/episodes")).json()) as { title: string; spotifyEmbedUrl: string | null }[];
  return episodes.find((e) => e.title === title)?.spotifyEmbedUrl;
};

test.describe("the episode form's Spotify address", () => {
  test("when an episode's share link is pasted, then the field holds the embed address at once and the episode saves with it", async ({
    page,
  }) => {
    await page.goto("/episodes");
    await page.getByLabel("Episode Title").fill("E2E Shared link");
    await paste(page, "Spotify Embed URL", ` https://open.spotify.com/episode/${ID}?si=a1b2c3d4e5f64789 `);
    const url = page.getByLabel("Spotify Embed URL");
    await expect(url).toHaveValue(EMBED);
    await expect(url).toBeFocused();
    await page.getByRole("button", { name: "Add Episode" }).click();
    await expect(page.locator(".toast-root").getByText("Episode added", { exact: true })).toBeVisible();
    expect(await storedUrl("E2E Shared link")).toBe(EMBED);
  });

  test("when a share link is typed key by key, then it stays as typed until the field is left, then becomes the embed address", async ({
    page,
  }) => {
    await page.goto("/episodes");
    const url = page.getByLabel("Spotify Embed URL");
    await url.pressSequentially(`https://open.spotify.com/intl-de/episode/${ID}?si=x`);
    await expect(url).toHaveValue(`https://open.spotify.com/intl-de/episode/${ID}?si=x`);
    await url.blur();
    await expect(url).toHaveValue(EMBED);
  });

  test("when a share link is pasted while editing an episode, then the update sends it and the embed address is stored", async ({
    page,
  }) => {
    await createItem(api, "episodes", {
      title: "E2E Edit link",
      spotifyEmbedUrl: "https://open.spotify.com/embed/episode/aaaaaaaaaaaaaaaaaaaaaa",
    });
    await page.goto("/episodes");
    await page.getByRole("button", { name: "Edit: E2E Edit link" }).click();
    await expect(page.getByRole("heading", { name: "Edit Episode" })).toBeVisible();
    await paste(page, "Spotify Embed URL", `https://open.spotify.com/episode/${ID}?si=z`, true);
    await expect(page.getByLabel("Spotify Embed URL")).toHaveValue(EMBED);
    await page.getByRole("button", { name: "Update Episode" }).click();
    await expect(page.locator(".toast-root").getByText("Episode updated", { exact: true })).toBeVisible();
    expect(await storedUrl("E2E Edit link")).toBe(EMBED);
  });
});
