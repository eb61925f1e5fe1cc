import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { InEnglish } from "@/test/language";
import { RssSettingsCard } from "./rss-settings-form";

/** The settings as the server has them now; a test changes them as an import would. */
function stubSettings(values: Record<string, string>) {
  vi.stubGlobal(
    "fetch",
    vi.fn(
      async () =>
        new Response(JSON.stringify(Object.entries(values).map(([key, value]) => ({ key, value, version: 1 }))), {
          status: 200,
          headers: { "content-type": "application/json" },
        }),
    ),
  );
  return values;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

it("when an import fills the show's title and description, then the form shows them without a reload, and keeps what the owner is typing", async () => {
  const values = stubSettings({
    rss_url: "https://feeds.example/show.xml",
    podcast_title: "",
    podcast_description: "",
    footer_content: "",
  });
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <RssSettingsCard />
    </QueryClientProvider>,
    { wrapper: InEnglish },
  );
  const field = (label: string) => (screen.getByLabelText(label) as HTMLInputElement).value;
  await screen.findByLabelText("Feed Title");
  expect(field("Feed Title")).toBe("");
  await userEvent.type(screen.getByLabelText("Footer Content"), "My footer");

  // The first import names the show; the dashboard reads the settings again (useSyncFeed).
  Object.assign(values, { podcast_title: "Oxide and Friends", podcast_description: "Bryan and Adam", footer_content: "" });
  await client.invalidateQueries({ queryKey: ["admin", "settings"] });

  await waitFor(() => expect(field("Feed Title")).toBe("Oxide and Friends"));
  expect(field("Feed Description")).toBe("Bryan and Adam");
  expect(field("Footer Content")).toBe("My footer");
});
