import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useCurrentToast } from "@/components/ui/toast-store";
import { createQueryClient } from "@/lib/query-client";
import { InEnglish } from "@/test/language";
import { DraftEpisodesNotice } from "./draft-episodes-notice";

interface Call {
  method: string;
  url: string;
  body: unknown;
}

/**
 * The API as the notice sees it: the drafts page says `drafts` episodes wait (ids 1..drafts);
 * a bulk publish answers when `release` is called, with the count it was sent.
 */
function stubApi(drafts: number) {
  const calls: Call[] = [];
  let release = () => {};
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const body: unknown = init.body ? JSON.parse(String(init.body)) : null;
      calls.push({ method: init.method ?? "GET", url, body });
      const json = (value: unknown) =>
        new Response(JSON.stringify(value), { status: 200, headers: { "content-type": "application/json" } });
      if (url === "/api/episodes/bulk") {
        await new Promise<void>((resolve) => (release = resolve));
        return json({ count: (body as { ids: number[] }).ids.length });
      }
      const ids = Array.from({ length: drafts }, (_, i) => i + 1);
      return json({ episodes: [], page: 1, pageCount: 1, total: drafts, matchingIds: ids, seasons: [] });
    }),
  );
  return { calls, release: () => release() };
}

function Toast() {
  const toast = useCurrentToast();
  return toast ? <p data-testid="toast">{`${toast.title}: ${toast.description ?? ""}`}</p> : null;
}

function renderNotice() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <DraftEpisodesNotice />
      <Toast />
    </QueryClientProvider>,
    { wrapper: InEnglish },
  );
  return client;
}

const bulkCalls = (calls: Call[]) => calls.filter((c) => c.url === "/api/episodes/bulk");

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the drafts notice", () => {
  it("when episodes wait as drafts, then it says how many and offers to publish them all", async () => {
    stubApi(3);
    renderNotice();
    const notice = await screen.findByRole("region", { name: "Draft episodes" });
    expect(notice.querySelector("p")?.textContent).toBe("3 episodes are drafts: visitors do not see them yet.");
    expect(screen.getByRole("button", { name: "Publish all 3" })).toBeDefined();
  });

  it("when one episode waits, then the sentence is in the singular", async () => {
    stubApi(1);
    renderNotice();
    const notice = await screen.findByRole("region", { name: "Draft episodes" });
    expect(notice.querySelector("p")?.textContent).toBe("1 episode is a draft: visitors do not see it yet.");
  });

  it("when the owner presses 'Publish all' and cancels the question, then nothing is sent", async () => {
    const { calls } = stubApi(3);
    const confirm = vi.spyOn(window, "confirm").mockReturnValue(false);
    renderNotice();
    await userEvent.click(await screen.findByRole("button", { name: "Publish all 3" }));
    expect(confirm).toHaveBeenCalledWith("Publish all 3 episodes? Visitors see them at once.");
    expect(bulkCalls(calls)).toEqual([]);
  });

  it("when the owner confirms, then every draft is published, the button says it is busy meanwhile, and a toast says how many", async () => {
    const api = stubApi(3);
    vi.spyOn(window, "confirm").mockReturnValue(true);
    renderNotice();
    await userEvent.click(await screen.findByRole("button", { name: "Publish all 3" }));
    expect((await screen.findByRole<HTMLButtonElement>("button", { name: "Publishing..." })).disabled).toBe(true);
    expect(bulkCalls(api.calls)).toEqual([{ method: "POST", url: "/api/episodes/bulk", body: { ids: [1, 2, 3], action: "publish" } }]);
    api.release();
    await waitFor(() => expect(screen.getByTestId("toast").textContent).toBe("3 episodes published: Visitors see them at once"));
  });

  it("when there are no drafts, then there is no notice", async () => {
    stubApi(0);
    const client = renderNotice();
    // Once the drafts are read (and React has drawn what they say), not before.
    await waitFor(() => expect(client.getQueryCache().getAll()[0]?.state.status).toBe("success"));
    expect(screen.queryByRole("region", { name: "Draft episodes" })).toBeNull();
  });
});
