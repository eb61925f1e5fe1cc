import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Audition } from "@shared/auditions";
import { createQueryClient } from "@/lib/query-client";
import { InEnglish } from "@/test/language";
import { AuditionList } from "./audition-list";

const handIn = (id: string, createdAt: string): Audition => ({
  id,
  code: "12",
  name: "Ada Editor",
  email: "ada@example.com",
  notes: "",
  fileName: "my-edit.wav",
  size: 1_000,
  contentType: "audio/wav",
  durationSeconds: 60,
  status: "new",
  createdAt,
  downloadName: "Ada Editor.wav",
});

/** The owner's lists as the API gives them: two hand-ins of one file by one candidate, no upload under way. */
function stubApi(auditions: Audition[]) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string) => {
      const body = url === "/api/auditions" ? auditions : [];
      return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });

describe("the owner's hand-ins", () => {
  it("when one candidate hands in the same file twice, then each Delete and Download button is named by the file and the time it was handed in", async () => {
    stubApi([handIn("a", "2026-11-27T09:15:00Z"), handIn("b", "2026-11-28T16:40:00Z")]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuditionList player={() => null} />
      </QueryClientProvider>,
      { wrapper: InEnglish },
    );
    // jsdom's name computation puts a space between the word and the hidden part; a browser does not.
    const deletes = await screen.findAllByRole("button", { name: /^Delete ?: my-edit\.wav, handed in / });
    const names = deletes.map((button) => button.textContent);
    expect(names).toHaveLength(2);
    expect(new Set(names).size).toBe(2);
    const downloads = screen.getAllByRole("link", { name: /^Download ?: my-edit\.wav, handed in / });
    expect(new Set(downloads.map((link) => link.textContent)).size).toBe(2);
  });

  it("when two hand-ins are not looked at yet, then the list's heading counts them both, and the new ones", async () => {
    stubApi([handIn("a", "2026-11-27T09:15:00Z"), handIn("b", "2026-11-28T16:40:00Z")]);
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuditionList player={() => null} />
      </QueryClientProvider>,
      { wrapper: InEnglish },
    );
    expect(await screen.findByRole("heading", { name: "Hand-ins (2, 2 new)" })).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Uploads under way (0)" })).toBeTruthy();
  });

  it("when the owner shortlists a hand-in before the site has said that it sends e-mail, then the note is offered once it says so", async () => {
    let mailSetUp: (answer: Response) => void = () => undefined;
    const mailStatus = new Promise<Response>((resolve) => (mailSetUp = resolve));
    const ada = handIn("a", "2026-11-27T09:15:00Z");
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init: RequestInit = {}) => {
        if (url === "/api/mail/status") return mailStatus;
        if (init.method === "PUT") return json({ ...ada, status: "shortlisted" });
        return json(url === "/api/auditions" ? [ada] : []);
      }),
    );
    render(
      <QueryClientProvider client={createQueryClient()}>
        <AuditionList player={() => null} />
      </QueryClientProvider>,
      { wrapper: InEnglish },
    );
    await userEvent.setup().selectOptions(await screen.findByRole("combobox", { name: "Status" }), "shortlisted");
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole("dialog")).toBeNull();
    mailSetUp(json({ mail: true }));
    expect(await screen.findByRole("dialog", { name: "Send Ada Editor a note?" })).toBeTruthy();
  });
});
