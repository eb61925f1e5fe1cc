import { ADMIN_EMAIL, ADMIN_PASSWORD } from "./server-state";

/** Test data, created through the real API as the admin (docs/product.md: writes need the session and our Origin). */
export const SEED = {
  providers: [
    { name: "Zeta Casts", url: "https://example.com/zeta", icon: "fab fa-podcast", sortOrder: "2" },
    { name: "Alpha Audio", url: "https://example.com/alpha", icon: "fab fa-spotify", sortOrder: "1" },
  ],
  episodes: [
    { title: "Episode Two: Why Learning Hurts", sortOrder: "2", isPublished: true, id: "2222222222222222222222" },
    { title: "Episode Ten: Ten Things About Pain", sortOrder: "10", isPublished: true, id: "1010101010101010101010" },
    { title: "Episode One: Pain Is a Protector", sortOrder: "1", isPublished: true, id: "1111111111111111111111" },
    { title: "Secret Draft Episode", sortOrder: "0", isPublished: false, id: "0000000000000000000000" },
  ],
  clips: [
    {
      title: "Why Pain Is a Protector",
      slug: "why-pain-is-a-protector",
      sortOrder: "2",
      isPublished: true,
      keyQuote: "Pain is a protector, not a damage meter.",
      description: "A short clip on what pain is for.",
      content:
        "Pain is an output of the brain, not an input from the tissues.\n\nHost: Pain protects you even when nothing is damaged.\n\nGuest: And learning works: in the same way.",
      youtubeEmbedUrl: "https://www.youtube.com/embed/aaaaaaaaaaa",
    },
    {
      title: "Learning Differently",
      slug: "learning-differently",
      sortOrder: "1",
      isPublished: true,
      keyQuote: "",
      description: "How special education changes what we know about learning.",
      content: "Every learner is different.",
      youtubeEmbedUrl: "https://www.youtube.com/embed/bbbbbbbbbbb",
    },
    {
      title: "Hidden Draft Clip",
      slug: "hidden-draft-clip",
      sortOrder: "0",
      isPublished: false,
      keyQuote: "",
      description: "Not ready.",
      content: "Draft.",
      youtubeEmbedUrl: "https://www.youtube.com/embed/ccccccccccc",
    },
  ],
  hosts: [
    {
      name: "The Physiotherapist",
      role: "Co-host · Physiotherapist",
      bio: "Brings years of clinical work with people in pain, and what the science of pain says about recovery.",
      photo: null,
    },
    {
      name: "The Special Education Specialist",
      role: "Co-host · Special Education Specialist",
      bio: "Brings years of teaching learners who learn differently, and what that teaches about how anyone learns.",
      photo: null,
    },
  ],
  settings: {
    site_theme: "deep-ocean",
    podcast_description: "A podcast about pain and learning for curious people.",
    footer_content: '<p>Made with care by the hosts. <a href="/about">About the show</a></p>',
    editors_bullet_1: "Leveling every voice so it sits just right",
    editors_password: "podedit",
    editors_file_1_url: "https://drive.example.com/folders/audition-files-42",
  } as Record<string, string>,
};

/** The paths of an episode's page (the first the API lists) and of the first seeded clip's page. */
export async function itemPagePaths(baseURL: string): Promise<{ episode: string; clip: string }> {
  const episodes = (await (await fetch(`${baseURL}/api/episodes`)).json()) as { slug: string }[];
  return { episode: `/episode/${episodes[0]!.slug}`, clip: `/clips/${SEED.clips[0]!.slug}` };
}

/** The admin's session over plain fetch: its cookie, and a POST of JSON with the site's Origin that fails loudly. */
export async function adminSession(baseURL: string): Promise<{ cookie: string; post: (pathname: string, body: unknown) => Promise<void> }> {
  const login = await fetch(`${baseURL}/api/auth/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseURL },
    body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  if (!login.ok) throw new Error(`Seeding: login failed with ${login.status}: ${await login.text()}`);
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const post = async (pathname: string, body: unknown) => {
    const res = await fetch(`${baseURL}${pathname}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseURL, Cookie: cookie },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`Seeding ${pathname} failed with ${res.status}: ${await res.text()}`);
  };
  return { cookie, post };
}

export async function seed(baseURL: string): Promise<void> {
  const { cookie, post } = await adminSession(baseURL);

  for (const p of SEED.providers) await post("/api/providers", p);
  for (const e of SEED.episodes) {
    await post("/api/episodes", {
      title: e.title,
      spotifyEmbedUrl: `https://open.spotify.com/embed/episode/${e.id}`,
      description: `${e.title}: a conversation between our two hosts about the body, the brain and the classroom, with a long description that the card truncates after a few lines so the strip stays tidy.`,
      isPublished: e.isPublished,
      sortOrder: e.sortOrder,
    });
  }
  for (const c of SEED.clips) await post("/api/clips", { ...c, metaDescription: c.description });
  for (const [key, value] of Object.entries(SEED.settings)) await post("/api/settings", { key, value });
  // The About page's hosts, as the owner writes them (a site makes none up).
  const about = await fetch(`${baseURL}/api/identity/about`, {
    method: "PUT",
    headers: { "Content-Type": "application/json", Origin: baseURL, Cookie: cookie },
    body: JSON.stringify({ title: "", intro: "", hosts: SEED.hosts }),
  });
  if (!about.ok) throw new Error(`Seeding the About page failed with ${about.status}: ${await about.text()}`);
  await fetch(`${baseURL}/api/auth/logout`, { method: "POST", headers: { Origin: baseURL, Cookie: cookie } });
}
