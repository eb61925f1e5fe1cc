import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LIMITS, type Episode } from "@shared/api";
import { sanitizeShowNotes } from "../../../../../server/platform/text/sanitize";
import { useCurrentToast } from "@/components/ui/toast-store";
import { createQueryClient } from "@/lib/query-client";
import { InEnglish } from "@/test/language";
import { EpisodeForm } from "./episode-form";

interface Call {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
}

/** The notes as a feed brings them: paragraphs, a line break, emphasis, a link and a list. */
const FEED_NOTES =
  '<p>In this episode: <strong>pain</strong> and <em>learning</em>.<br />With a <a href="https://example.com/guest" target="_blank" rel="noopener noreferrer nofollow ugc">guest</a>.</p><ul><li>First topic</li><li>Second topic</li></ul>';

const episode = (showNotes: string) =>
  ({
    id: 7,
    slug: "pain-and-learning",
    title: "Pain and learning",
    description: "",
    spotifyEmbedUrl: null,
    audioUrl: "https://cdn.example/pain.mp3",
    publishedAt: null,
    imageUrl: null,
    imagePath: null,
    showNotes,
    source: "feed",
    isPublished: false,
    version: 3,
  }) as unknown as Episode;

/** The API as the form sees it: the whole episode for its slug, and every write answered with what it sent. */
function stubApi(whole: Episode): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ method: init.method ?? "GET", url, body });
      const answer = url.startsWith("/api/episodes/slug/") ? whole : url === "/api/episodes" ? [whole] : { ...whole, ...body };
      return new Response(JSON.stringify(answer), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

const writes = (calls: Call[]) => calls.filter((c) => c.method !== "GET");

function Toast() {
  const toast = useCurrentToast();
  return toast ? <p data-testid="toast">{`${toast.title}: ${toast.description ?? ""}`}</p> : null;
}

/** The form as the episodes screen holds it: when the edit ends, the form goes back to add mode. */
function AsOnTheScreen({ whole, onDone }: { whole: Episode; onDone: () => void }) {
  const [editing, setEditing] = useState<Episode | null>(whole);
  const done = () => {
    onDone();
    setEditing(null);
  };
  return <EpisodeForm key={editing?.id ?? "new"} editing={editing} onDone={done} />;
}

async function openEdit(showNotes: string, options: { asOnTheScreen?: boolean } = {}) {
  const whole = episode(showNotes);
  const calls = stubApi(whole);
  const onDone = vi.fn();
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      {options.asOnTheScreen ? <AsOnTheScreen whole={whole} onDone={onDone} /> : <EpisodeForm editing={whole} onDone={onDone} />}
      <Toast />
    </QueryClientProvider>,
    { wrapper: InEnglish },
  );
  // The editor is a chunk of its own: the first test waits for it to load.
  const notes = await screen.findByRole("textbox", { name: "Show Notes" }, { timeout: 10_000 });
  return { calls, notes, onDone, queryClient, user: userEvent.setup() };
}

beforeEach(() => {
  // ProseMirror asks where the selection is on screen to scroll to it; jsdom lays nothing out.
  Range.prototype.getClientRects = () => [] as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => new DOMRect();
  document.elementFromPoint = () => null;
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the episode form's show notes", () => {
  it("when an episode's notes are the feed's HTML, then they show formatted, with no tag as text", async () => {
    const { notes } = await openEdit(FEED_NOTES);
    expect(notes.textContent).not.toMatch(/<\/?(?:p|br|ul|li|strong|em|a)\b/);
    expect(notes.querySelector("strong")?.textContent).toBe("pain");
    expect(notes.querySelector("em")?.textContent).toBe("learning");
    expect(notes.querySelector("p br")).not.toBeNull();
    expect(notes.querySelector('a[href="https://example.com/guest"]')?.textContent).toBe("guest");
    expect([...notes.querySelectorAll("ul li")].map((li) => li.textContent)).toEqual(["First topic", "Second topic"]);
    expect(screen.getByRole("button", { name: "Bold" }).getAttribute("aria-pressed")).toBe("false");
  });

  it("when the form is left untouched, then Update Episode sends nothing and Cancel asks nothing", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(true);
    const { calls, user, onDone } = await openEdit(FEED_NOTES);
    await user.click(screen.getByRole("button", { name: "Update Episode" }));
    expect(writes(calls)).toEqual([]);
    expect(onDone).toHaveBeenCalled();
    expect(confirm).not.toHaveBeenCalled();
  });

  it("when words are made bold with the toolbar, then only the notes are sent, with <strong> around them", async () => {
    const { calls, notes, user } = await openEdit("<p>Plain words</p>");
    notes.focus();
    await user.keyboard("{Control>}a{/Control}");
    const bold = screen.getByRole("button", { name: "Bold" });
    await user.click(bold);
    expect(bold.getAttribute("aria-pressed")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Update Episode" }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: "PUT",
      url: "/api/episodes/7",
      body: { showNotes: "<p><strong>Plain words</strong></p>", version: 3 },
    });
  });

  it("when the notes are changed, then Cancel asks first; when the change is undone, then it asks nothing and nothing is sent", async () => {
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    const { calls, notes, user } = await openEdit(FEED_NOTES);
    notes.focus();
    await user.keyboard("{Control>}a{/Control}");
    await user.click(screen.getByRole("button", { name: "Italic" }));
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    notes.focus();
    await user.keyboard("{Control>}z{/Control}");
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    expect(confirm).toHaveBeenCalledTimes(1);
    expect(writes(calls)).toEqual([]);
  });

  it("when a link is set from the toolbar, then only a web or e-mail address is taken", async () => {
    const { calls, notes, user } = await openEdit("<p>Our guest</p>");
    notes.focus();
    await user.keyboard("{Control>}a{/Control}");
    await user.click(screen.getByRole("button", { name: "Link" }));
    const address = screen.getByRole("textbox", { name: "Link address" });
    expect(document.activeElement).toBe(address);
    await user.type(address, "javascript:alert(1){Enter}");
    expect(screen.getByRole("alert").textContent).toBe("Link address must be a web address (https://...) or an e-mail address.");
    await user.clear(address);
    await user.type(address, "example.com/guest{Enter}");
    expect(screen.queryByRole("textbox", { name: "Link address" })).toBeNull();
    await user.click(screen.getByRole("button", { name: "Update Episode" }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]!.body).toEqual({ showNotes: '<p><a href="https://example.com/guest">Our guest</a></p>', version: 3 });
  });

  it("when the notes are longer than their limit, then the field says so and nothing is sent", async () => {
    const { calls, user } = await openEdit(`<p>${"a".repeat(LIMITS.showNotes)}</p>`);
    expect(screen.getByRole("alert").textContent).toBe("Show Notes must be at most 100,000 characters, formatting included.");
    expect(screen.getByRole("textbox", { name: "Show Notes" }).getAttribute("aria-invalid")).toBe("true");
    await user.click(screen.getByRole("button", { name: "Update Episode" }));
    expect(writes(calls)).toEqual([]);
  });
});

describe("the notes' editor and the server's sanitiser", () => {
  /** HTML as a browser reads it, so `<br />` and `<br>` compare equal. */
  const parsed = (html: string) => new DOMParser().parseFromString(html, "text/html").body.innerHTML;

  it("when the editor writes each format it offers, then the server's sanitiser keeps all of it", async () => {
    const { calls, notes, user } = await openEdit("<p>Start<br />again</p>");
    notes.focus();
    await user.keyboard("{Control>}a{/Control}");
    for (const name of ["Bold", "Italic", "Numbered list", "Bulleted list", "Link"]) {
      await user.click(screen.getByRole("button", { name }));
    }
    await user.type(screen.getByRole("textbox", { name: "Link address" }), "mailto:host@example.com{Enter}");
    await user.click(screen.getByRole("button", { name: "Update Episode" }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    const saved = String(writes(calls)[0]!.body!.showNotes);
    expect(saved).toMatch(/^<ul><li><p>.*<strong>.*<em>.*Start<br>again.*<\/p><\/li><\/ul>$/);
    expect(saved).toContain('<a href="mailto:host@example.com">');
    expect(parsed(sanitizeShowNotes(saved))).toBe(parsed(saved));
  });
});

describe("the episode's address and search fields", () => {
  const preview = () => screen.getByTestId("search-preview");
  const part = (name: string) => preview().querySelector(`[data-part="${name}"]`)!.textContent;

  it("when the slug and meta description are typed, then the search result preview follows each key, and Update Episode sends only them", async () => {
    const { calls, user } = await openEdit("<p>Notes</p>");
    const slug = screen.getByRole("textbox", { name: "URL Slug" });
    expect((slug as HTMLInputElement).value).toBe("pain-and-learning");
    expect(part("title")).toBe("Pain and learning · Pain & Learning Podcast");
    expect(part("url")).toBe(`${window.location.origin}/episode/pain-and-learning`);
    expect(part("description")).toBe("No description yet: the show's description is shown.");

    await user.clear(slug);
    expect(part("url")).toBe(`${window.location.origin}/episode/pain-and-learning`);
    await user.type(slug, "pain-101");
    expect(part("url")).toBe(`${window.location.origin}/episode/pain-101`);
    const meta = screen.getByRole("textbox", { name: /^Meta Description/ });
    await user.type(meta, "Why pain teaches.");
    expect(part("description")).toBe("Why pain teaches.");
    expect(screen.getByText("17/160")).toBeTruthy();

    await user.click(screen.getByRole("button", { name: "Update Episode" }));
    await waitFor(() => expect(writes(calls)).toHaveLength(1));
    expect(writes(calls)[0]).toEqual({
      method: "PUT",
      url: "/api/episodes/7",
      body: { slug: "pain-101", metaDescription: "Why pain teaches.", version: 3 },
    });
  });

  it("when a save renames the slug, then the episode read again under its old slug is gone, and still the toast says it was updated and the form goes back to add mode", async () => {
    const { user, onDone } = await openEdit("<p>Notes</p>", { asOnTheScreen: true });
    let renamed = false;
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (init.method === "PUT") renamed = true;
        if (renamed && url === "/api/episodes/slug/pain-and-learning")
          return new Response(JSON.stringify({ message: "Episode not found", code: "NOT_FOUND" }), {
            status: 404,
            headers: { "content-type": "application/json" },
          });
        const answer = url.startsWith("/api/episodes/slug/") ? episode("<p>Notes</p>") : { ...episode("<p>Notes</p>"), slug: "pain-101" };
        return new Response(JSON.stringify(url === "/api/episodes" ? [answer] : answer), {
          status: 200,
          headers: { "content-type": "application/json" },
        });
      }),
    );
    const slug = screen.getByRole("textbox", { name: "URL Slug" });
    await user.clear(slug);
    await user.type(slug, "pain-101");
    await user.click(screen.getByRole("button", { name: "Update Episode" }));
    expect((await screen.findByTestId("toast")).textContent).toBe("Episode updated: The episode has been updated successfully");
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(await screen.findByRole("button", { name: "Add Episode" })).toBeTruthy();
    expect(screen.queryByText("This episode could not be loaded. It may have been deleted.")).toBeNull();
  });

  it("when the episode is read again with no write under way and it is gone (deleted elsewhere), then the form says it could not be loaded", async () => {
    const { queryClient } = await openEdit("<p>Notes</p>");
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(JSON.stringify({ message: "Episode not found", code: "NOT_FOUND" }), {
            status: 404,
            headers: { "content-type": "application/json" },
          }),
      ),
    );
    await queryClient.invalidateQueries({ queryKey: ["episodes"] });
    expect(await screen.findByText("This episode could not be loaded. It may have been deleted.")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Update Episode" })).toBeNull();
  });

  it("when the slug does not fit the pattern, then the field says so and nothing is sent", async () => {
    const { calls, user } = await openEdit("<p>Notes</p>");
    const slug = screen.getByRole("textbox", { name: "URL Slug" });
    await user.clear(slug);
    await user.type(slug, "Not A Slug!");
    await user.click(screen.getByRole("button", { name: "Update Episode" }));
    expect(await screen.findByText("URL Slug may hold only lowercase letters, digits and single hyphens.")).toBeTruthy();
    expect(slug.getAttribute("aria-invalid")).toBe("true");
    expect(writes(calls)).toEqual([]);
  });

  it("when the server answers 409 for a slug another episode has, then the message is on the slug field, which takes focus", async () => {
    const { user } = await openEdit("<p>Notes</p>");
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () =>
          new Response(
            JSON.stringify({
              message: "Another episode already has the slug taken-one.",
              code: "CONFLICT",
              errors: [{ path: "slug", message: "Another episode already has this slug." }],
            }),
            { status: 409, headers: { "content-type": "application/json" } },
          ),
      ),
    );
    const slug = screen.getByRole("textbox", { name: "URL Slug" });
    await user.clear(slug);
    await user.type(slug, "taken-one");
    await user.click(screen.getByRole("button", { name: "Update Episode" }));
    await waitFor(() => expect(slug.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("Another episode already has this slug.")).toBeTruthy();
    expect(document.activeElement).toBe(slug);
  });
});
