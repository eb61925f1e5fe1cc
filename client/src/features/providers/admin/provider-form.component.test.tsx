import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Provider } from "@shared/api";
import { useCurrentToast } from "@/components/ui/toast-store";
import { createQueryClient } from "@/lib/query-client";
import { InEnglish } from "@/test/language";
import { providersQueryOptions } from "../api";
import { ProviderForm } from "./provider-form";

interface Call {
  method: string;
  url: string;
  body: Record<string, unknown> | null;
}

/** The API as the form sees it: each call recorded, answered in turn by `answers` (then 200 with the body). */
function stubApi(answers: { status: number; body: unknown }[]): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      const body = init.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : null;
      calls.push({ method: init.method ?? "GET", url, body });
      const answer = answers.shift() ?? { status: 200, body: { id: 9, ...body } };
      return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

function Toast() {
  const toast = useCurrentToast();
  return toast ? <p data-testid="toast">{`${toast.title}: ${toast.description ?? ""}`}</p> : null;
}

function renderForm(editing: Provider | null, providers: Provider[] = editing ? [editing] : []) {
  const client = createQueryClient();
  client.setQueryData(providersQueryOptions().queryKey, providers);
  const onDone = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ProviderForm editing={editing} onDone={onDone} />
      <Toast />
    </QueryClientProvider>,
    { wrapper: InEnglish },
  );
  return { onDone };
}

const spotify = { id: 4, name: "Spotify", url: "https://open.spotify.com/show/1", icon: "spotify", sortOrder: "1", version: 3 } as Provider;

beforeEach(() => {
  // The form asks before a dirty form is left; these tests never leave it.
  vi.spyOn(window, "confirm").mockReturnValue(true);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe("the provider form", () => {
  it("when a field is blank, then Add Provider sends nothing and says nothing (docs/product.md §5)", async () => {
    const calls = stubApi([]);
    const user = userEvent.setup();
    renderForm(null);
    await user.type(screen.getByLabelText("Name"), "Spotify");
    await user.type(screen.getByLabelText("Icon"), "spotify");
    await user.click(screen.getByRole("button", { name: "Add Provider" }));
    expect(calls).toEqual([]);
    expect(screen.queryByTestId("toast")).toBeNull();
  });

  it("when the server refuses a field, then its words show at that field and the failure toast says what failed", async () => {
    stubApi([
      {
        status: 400,
        body: { code: "VALIDATION", message: "Invalid request", errors: [{ path: "url", message: "must be an http(s) address" }] },
      },
    ]);
    const user = userEvent.setup();
    renderForm(null);
    await user.type(screen.getByLabelText("Name"), "Pods");
    await user.type(screen.getByLabelText("URL"), "https://pods.example");
    await user.type(screen.getByLabelText("Icon"), "fa-podcast");
    await user.click(screen.getByRole("button", { name: "Add Provider" }));
    await waitFor(() => expect(screen.getByTestId("toast").textContent).toBe("Error: Failed to add provider"));
    const url = screen.getByLabelText("URL");
    expect(url.getAttribute("aria-invalid")).toBe("true");
    expect(document.getElementById(url.getAttribute("aria-describedby")!)?.textContent).toBe("URL must be an http(s) address.");
  });

  it("when the provider changed elsewhere since the form was filled, then the form keeps the words, says so, and 'Save mine over it' sends them without the version", async () => {
    const calls = stubApi([{ status: 409, body: { code: "STALE", message: "This provider was changed after you opened it" } }]);
    const user = userEvent.setup();
    const { onDone } = renderForm(spotify);
    const name = screen.getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Spotify Podcasts");
    await user.click(screen.getByRole("button", { name: "Update Provider" }));
    const notice = await screen.findByRole("alert");
    expect(notice.textContent).toContain("This provider was changed somewhere else after you opened it");
    expect((name as HTMLInputElement).value).toBe("Spotify Podcasts");
    expect(calls[0]).toMatchObject({ method: "PUT", url: "/api/providers/4", body: { name: "Spotify Podcasts", version: 3 } });
    expect(screen.queryByText(/Failed to update provider/)).toBeNull();

    await user.click(screen.getByRole("button", { name: "Save mine over it" }));
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(calls[1]!.body).toMatchObject({ name: "Spotify Podcasts" });
    expect(calls[1]!.body).not.toHaveProperty("version");
    await waitFor(() =>
      expect(screen.getByTestId("toast").textContent).toBe("Provider updated: The provider has been updated successfully"),
    );
    expect(onDone).toHaveBeenCalled();
  });

  it("when the admin chooses 'Load the other version' after a conflict, then the form shows the provider as it is now", async () => {
    const now = { ...spotify, name: "Spotify (renamed elsewhere)", version: 4 };
    stubApi([
      { status: 409, body: { code: "STALE", message: "changed" } },
      { status: 200, body: [now] },
    ]);
    const user = userEvent.setup();
    renderForm(spotify);
    await user.type(screen.getByLabelText("Name"), " mine");
    await user.click(screen.getByRole("button", { name: "Update Provider" }));
    await user.click(await screen.findByRole("button", { name: "Load the other version" }));
    await waitFor(() => expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("Spotify (renamed elsewhere)"));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
