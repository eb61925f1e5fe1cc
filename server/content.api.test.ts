import type supertest from "supertest";
import { describe, expect } from "vitest";
import { appTest, postClip, postEpisode, SPOTIFY, YOUTUBE } from "./test/harness";

const it = appTest();

/** The three episodes of the first test: Second (2), First (1) and a Draft (0). */
async function addThreeEpisodes(admin: supertest.Agent) {
  await postEpisode(admin, { title: "Second", spotifyEmbedUrl: SPOTIFY(1), sortOrder: 2 });
  await postEpisode(admin, { title: "First", spotifyEmbedUrl: SPOTIFY(2), sortOrder: 1 });
  await postEpisode(admin, { title: "Draft", spotifyEmbedUrl: SPOTIFY(3), isPublished: false, sortOrder: 0 });
}

const addPainClip = (admin: supertest.Agent) =>
  admin
    .post("/api/clips")
    .send({ title: "Pain & Learning: Part 1!", youtubeEmbedUrl: YOUTUBE(), keyQuote: "Q", content: "a: b" })
    .expect(201);

/** What the owner pastes into an item's embed field, and what the site stores for it. */
interface PastedLinks {
  list: "episodes" | "clips";
  field: "spotifyEmbedUrl" | "youtubeEmbedUrl";
  /** Links pasted on new items, each with the embed address stored and read back. */
  added: [link: string, embed: string][];
  /** A link pasted over an item's embed (`from`), and the embed address stored. */
  edited: { from: string; link: string; embed: string };
  /** Hosts that only look like the provider's: each a 400. */
  lookalikes: string[];
}

async function expectPastedLinks(admin: supertest.Agent, { list, field, added, edited, lookalikes }: PastedLinks) {
  for (const [n, [link, embed]] of added.entries()) {
    const created = await admin
      .post(`/api/${list}`)
      .send({ title: `Pasted ${n}`, [field]: link })
      .expect(201);
    expect(created.body[field], link).toBe(embed);
    const read = await admin.get(`/api/${list}/slug/${created.body.slug}`).expect(200);
    expect(read.body[field], link).toBe(embed);
  }
  const item = (
    await admin
      .post(`/api/${list}`)
      .send({ title: "Edited link", [field]: edited.from })
      .expect(201)
  ).body;
  const updated = await admin
    .put(`/api/${list}/${item.id}`)
    .send({ [field]: edited.link })
    .expect(200);
  expect(updated.body[field]).toBe(edited.embed);
  await expectRefusedLinks(admin, list, field, lookalikes);
}

/** Each link, sent on a new item, is refused with 400. */
async function expectRefusedLinks(admin: supertest.Agent, list: PastedLinks["list"], field: PastedLinks["field"], links: string[]) {
  for (const link of links) {
    await admin
      .post(`/api/${list}`)
      .send({ title: "Refused", [field]: link })
      .expect(400);
  }
}

describe("episodes", () => {
  it("when the admin adds episodes, then visitors see only the published ones, ordered by sortOrder", async ({ t, admin }) => {
    const a = await admin.post("/api/episodes").send({ title: "  Second  ", spotifyEmbedUrl: SPOTIFY(1), sortOrder: "2" });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ title: "Second", sortOrder: "2", isPublished: true, description: "" });
    expect(typeof a.body.createdAt).toBe("string");
    await postEpisode(admin, { title: "First", spotifyEmbedUrl: SPOTIFY(2), sortOrder: 1 });
    await postEpisode(admin, { title: "Draft", spotifyEmbedUrl: SPOTIFY(3), isPublished: false, sortOrder: "0" });

    const visitor = await t.request.get("/api/episodes").expect(200);
    expect(visitor.body.map((e: { title: string }) => e.title)).toEqual(["First", "Second"]);
    const own = await admin.get("/api/episodes").expect(200);
    expect(own.body.map((e: { title: string }) => e.title)).toEqual(["Draft", "First", "Second"]);
  });

  it("when no sortOrder is sent, then a new episode goes after the current largest", async ({ admin }) => {
    await addThreeEpisodes(admin);
    const res = await postEpisode(admin, { title: "Auto", spotifyEmbedUrl: SPOTIFY(4) });
    expect(res.sortOrder).toBe("3");
  });

  it("when an episode is updated, then only the sent fields change; unknown ids are 404", async ({ admin }) => {
    const created = await admin.post("/api/episodes").send({ title: "Edit me", spotifyEmbedUrl: SPOTIFY(5), description: "d" });
    const id = created.body.id;
    const res = await admin.put(`/api/episodes/${id}`).send({ title: "Edited", isPublished: false }).expect(200);
    expect(res.body).toMatchObject({ title: "Edited", description: "d", isPublished: false });
    await admin.put("/api/episodes/999999").send({ title: "x" }).expect(404);
    await admin.put("/api/episodes/abc").send({ title: "x" }).expect(404);
    await admin.delete(`/api/episodes/${id}`).expect(204);
    await admin.delete(`/api/episodes/${id}`).expect(404);
  });

  it("when the title is blank or the embed URL is not a Spotify embed, then 400 and nothing is stored", async ({ admin }) => {
    const before = (await admin.get("/api/episodes")).body.length;
    for (const body of [
      { title: "   ", spotifyEmbedUrl: SPOTIFY(6) },
      { title: "T", spotifyEmbedUrl: "https://evil.example.com/embed/episode/abcdefghijklmnopqrstuv" },
      { title: "T", spotifyEmbedUrl: "javascript:alert(1)" },
      { title: "T", spotifyEmbedUrl: "" },
      { title: "x".repeat(201), spotifyEmbedUrl: SPOTIFY(6) },
      { title: "T", spotifyEmbedUrl: SPOTIFY(6), sortOrder: "first" },
      { title: "T", spotifyEmbedUrl: SPOTIFY(6), isPublished: "yes" },
      { title: "T", spotifyEmbedUrl: SPOTIFY(6), extra: 1 },
      [],
    ]) {
      const res = await admin.post("/api/episodes").send(body as object);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBeTruthy();
    }
    expect((await admin.get("/api/episodes")).body.length).toBe(before);
  });

  it("when an episode's Spotify share link is sent, with or without a language segment, then the embed address is stored; a look-alike host is 400", async ({
    admin,
  }) => {
    const id = "4rOoJ6Egrf8K2IrywzwOMk";
    const embed = `https://open.spotify.com/embed/episode/${id}`;
    await expectPastedLinks(admin, {
      list: "episodes",
      field: "spotifyEmbedUrl",
      added: [
        [`https://open.spotify.com/episode/${id}?si=a1b2c3d4e5f64789`, embed],
        [`https://open.spotify.com/intl-de/episode/${id}?si=x`, embed],
      ],
      edited: { from: SPOTIFY(9), link: `https://open.spotify.com/intl-pt-br/episode/${id}`, embed },
      lookalikes: [`https://open.spotify.com.evil.example/episode/${id}`],
    });
  });

  it("when two episodes are swapped, then their orders trade places in one step", async ({ admin }) => {
    await addThreeEpisodes(admin);
    const list = (await admin.get("/api/episodes")).body as { id: number; sortOrder: string }[];
    const [x, y] = list;
    const res = await admin.post(`/api/episodes/${x!.id}/swap`).send({ withId: y!.id }).expect(200);
    const after = res.body as { id: number; sortOrder: string }[];
    expect(after.find((e) => e.id === x!.id)!.sortOrder).toBe(y!.sortOrder);
    expect(after.find((e) => e.id === y!.id)!.sortOrder).toBe(x!.sortOrder);
    await admin.post(`/api/episodes/${x!.id}/swap`).send({ withId: 999999 }).expect(404);
  });
});

describe("clips", () => {
  it("when a clip is added without a slug, then the slug comes from the title", async ({ admin }) => {
    const res = await postClip(admin, { title: "Pain & Learning: Part 1!", youtubeEmbedUrl: YOUTUBE(), keyQuote: "Q", content: "a: b" });
    expect(res).toMatchObject({ slug: "pain-learning-part-1", sortOrder: "1", isPublished: true, keyQuote: "Q" });
  });

  it("when a watch or short YouTube link is sent, then it is stored as an embed URL", async ({ admin }) => {
    const watch = await admin
      .post("/api/clips")
      .send({ title: "Watch form", youtubeEmbedUrl: "https://www.youtube.com/watch?v=abcdefghijk" });
    expect(watch.body.youtubeEmbedUrl).toBe("https://www.youtube.com/embed/abcdefghijk");
    const short = await admin.post("/api/clips").send({ title: "Short form", youtubeEmbedUrl: "https://youtu.be/abcdefghijk" });
    expect(short.body.youtubeEmbedUrl).toBe("https://www.youtube.com/embed/abcdefghijk");
  });

  it("when a Shorts, live, mobile or YouTube Music link is sent, then it is stored as the embed URL, its start kept; a look-alike host is 400", async ({
    admin,
  }) => {
    await expectPastedLinks(admin, {
      list: "clips",
      field: "youtubeEmbedUrl",
      added: [
        ["https://youtube.com/shorts/abcdefghijk?si=Ab12", "https://www.youtube.com/embed/abcdefghijk?si=Ab12"],
        ["https://www.youtube.com/live/abcdefghijk?t=95", "https://www.youtube.com/embed/abcdefghijk?start=95"],
        ["https://m.youtube.com/watch?v=abcdefghijk", "https://www.youtube.com/embed/abcdefghijk"],
        ["https://music.youtube.com/watch?v=abcdefghijk&list=RDAMVM", "https://www.youtube.com/embed/abcdefghijk"],
      ],
      edited: { from: YOUTUBE(), link: "https://youtube.com/shorts/zyxwvutsrqp", embed: "https://www.youtube.com/embed/zyxwvutsrqp" },
      lookalikes: ["https://youtube.com.evil.example/shorts/abcdefghijk", "https://music.youtube.com.evil.example/watch?v=abcdefghijk"],
    });
  });

  it("when a slug is already used, then 409; when a slug is malformed, then 400", async ({ admin }) => {
    await addPainClip(admin);
    const clash = await admin.post("/api/clips").send({ title: "Other", slug: "pain-learning-part-1", youtubeEmbedUrl: YOUTUBE() });
    expect(clash.status).toBe(409);
    expect(clash.body.message).toMatch(/slug/);
    const other = await postClip(admin, { title: "Other", youtubeEmbedUrl: YOUTUBE() });
    await admin.put(`/api/clips/${other.id}`).send({ slug: "pain-learning-part-1" }).expect(409);
    for (const slug of ["Upper", "two--hyphens", "-edge", "spa ce", "../etc"]) {
      await admin.post("/api/clips").send({ title: "S", slug, youtubeEmbedUrl: YOUTUBE() }).expect(400);
    }
  });

  it("when a clip is saved without a slug and its title's slug is taken, then it gets the next free one (-2, -3), not a 409", async ({
    admin,
  }) => {
    const first = await postClip(admin, { title: "Same title", youtubeEmbedUrl: YOUTUBE() });
    const second = await postClip(admin, { title: "Same title", youtubeEmbedUrl: YOUTUBE() });
    const third = await postClip(admin, { title: "Same title", slug: "", youtubeEmbedUrl: YOUTUBE() });
    expect([first.slug, second.slug, third.slug]).toEqual(["same-title", "same-title-2", "same-title-3"]);
    const symbols = await postClip(admin, { title: "!!!", youtubeEmbedUrl: YOUTUBE() });
    expect(symbols.slug).toBe("clip");
    await admin.put(`/api/clips/${third.id}`).send({ title: "Same title", slug: "" }).expect(200);
    expect((await admin.get("/api/clips/slug/same-title-3").expect(200)).body.id).toBe(third.id);
  });

  it("when the key quote is over 200 or the meta description over 160 characters, then 400", async ({ admin }) => {
    await admin
      .post("/api/clips")
      .send({ title: "Q", youtubeEmbedUrl: YOUTUBE(), keyQuote: "q".repeat(201) })
      .expect(400);
    await admin
      .post("/api/clips")
      .send({ title: "M", youtubeEmbedUrl: YOUTUBE(), metaDescription: "m".repeat(161) })
      .expect(400);
    await postClip(admin, { title: "Q ok", youtubeEmbedUrl: YOUTUBE(), keyQuote: "q".repeat(200), metaDescription: "m".repeat(160) });
  });

  it("when the embed URL is not YouTube, then 400", async ({ admin }) => {
    await expectRefusedLinks(admin, "clips", "youtubeEmbedUrl", [
      "https://vimeo.com/embed/123",
      "https://www.youtube.com/embed/short",
      "http://www.youtube.com/embed/abcdefghijk",
      "https://www.youtube.com/watch",
    ]);
  });

  it("when a clip is a draft, then visitors get 404 for its slug and never see it listed", async ({ t, admin }) => {
    await addPainClip(admin);
    await postClip(admin, { title: "Secret draft", youtubeEmbedUrl: YOUTUBE(), isPublished: false });
    await t.request.get("/api/clips/slug/secret-draft").expect(404);
    await admin.get("/api/clips/slug/secret-draft").expect(200);
    const list = await t.request.get("/api/clips").expect(200);
    expect(list.body.some((c: { slug: string }) => c.slug === "secret-draft")).toBe(false);
    const found = await t.request.get("/api/clips/slug/pain-learning-part-1").expect(200);
    expect(found.body.title).toBe("Pain & Learning: Part 1!");
    await t.request.get("/api/clips/slug/nope").expect(404);
  });

  it("when a clip is updated, deleted or swapped, then the list reflects it", async ({ admin }) => {
    for (const title of ["One", "Two", "Three"]) await postClip(admin, { title, youtubeEmbedUrl: YOUTUBE() });
    const list = (await admin.get("/api/clips")).body as { id: number; sortOrder: string; title: string }[];
    const first = list[0]!;
    await admin.put(`/api/clips/${first.id}`).send({ sortOrder: "99" }).expect(200);
    const after = (await admin.get("/api/clips")).body as { id: number }[];
    expect(after.at(-1)!.id).toBe(first.id);
    await admin.post(`/api/clips/${after[0]!.id}/swap`).send({ withId: after[1]!.id }).expect(200);
    await admin.delete(`/api/clips/${first.id}`).expect(204);
    await admin.delete(`/api/clips/${first.id}`).expect(404);
  });
});

describe("providers", () => {
  it("when providers are added without sortOrder, then each gets the count plus one", async ({ t, admin }) => {
    const a = await admin.post("/api/providers").send({ name: "Spotify", url: "https://open.spotify.com/show/x", icon: "fab fa-spotify" });
    expect(a.status).toBe(201);
    expect(a.body).toMatchObject({ name: "Spotify", sortOrder: "1", icon: "fab fa-spotify" });
    const b = await admin.post("/api/providers").send({ name: "Apple", url: "https://podcasts.apple.com/x", icon: "SiApplepodcasts" });
    expect(b.body.sortOrder).toBe("2");
    const list = await t.request.get("/api/providers").expect(200);
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(["Spotify", "Apple"]);
  });

  it("when name, url or icon is missing or unsafe, then 400", async ({ admin }) => {
    for (const body of [
      { name: "", url: "https://a.example", icon: "x" },
      { name: "A", url: "javascript:alert(1)", icon: "x" },
      { name: "A", url: "ftp://a.example", icon: "x" },
      { name: "A", url: "https://a.example", icon: "" },
      { name: "A", url: "https://a.example", icon: "<img src=x onerror=alert(1)>" },
      { name: "A", url: "https://a.example", icon: "/objects/../../etc/passwd" },
      { name: "A", url: "https://a.example", icon: "/objects/00000000-0000-4000-8000-000000000000" },
    ]) {
      const res = await admin.post("/api/providers").send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
  });

  it("when a provider is edited and deleted, then the changes show; unknown ids are 404", async ({ admin }) => {
    const created = await admin.post("/api/providers").send({ name: "Tmp", url: "https://t.example", icon: "fa-tmp" });
    await admin.put(`/api/providers/${created.body.id}`).send({ name: "Tmp 2" }).expect(200);
    await admin.put(`/api/providers/${created.body.id}`).send({}).expect(400);
    await admin.delete(`/api/providers/${created.body.id}`).expect(204);
    await admin.put(`/api/providers/${created.body.id}`).send({ name: "x" }).expect(404);
  });
});

describe("reordering items with equal orders", () => {
  it("when two providers share a sortOrder, then a swap still moves the one asked to its neighbour's place", async ({ admin }) => {
    const a = (await admin.post("/api/providers").send({ name: "Tie A", url: "https://a.example", icon: "fa-a", sortOrder: 50 })).body;
    const b = (await admin.post("/api/providers").send({ name: "Tie B", url: "https://b.example", icon: "fa-b", sortOrder: 50 })).body;
    const before = ((await admin.get("/api/providers")).body as { id: number }[]).map((p) => p.id);
    expect(before.indexOf(a.id)).toBeLessThan(before.indexOf(b.id));
    await admin.post(`/api/providers/${b.id}/swap`).send({ withId: a.id }).expect(200);
    const after = (await admin.get("/api/providers")).body as { id: number; sortOrder: string }[];
    const ids = after.map((p) => p.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(new Set(after.map((p) => p.sortOrder)).size).toBe(after.length);
  });
});
