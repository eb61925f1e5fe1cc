import { afterEach, describe, expect, it, vi } from "vitest";
import { apiClient, setApiLanguage } from "./api-client";

/** The headers of each call the client makes, answered with an empty JSON object. */
function recordCalls(): Headers[] {
  const calls: Headers[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (_path: string, init: RequestInit) => {
      calls.push(new Headers(init.headers));
      return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

describe("the API client's language", () => {
  afterEach(() => {
    setApiLanguage(null);
    vi.unstubAllGlobals();
  });

  it("when the page is in a language, then every call asks the API to answer in it (Accept-Language)", async () => {
    vi.stubGlobal("document", { documentElement: { lang: "pt-BR" } });
    const calls = recordCalls();
    await apiClient.get("/api/episodes");
    await apiClient.post("/api/auth/login", { email: "a@b.example", password: "x" });
    expect(calls.map((h) => h.get("accept-language"))).toEqual(["pt-BR", "pt-BR"]);
  });

  it("when a part of the app sets its own language, then calls ask for that one until it is unset", async () => {
    vi.stubGlobal("document", { documentElement: { lang: "en" } });
    const calls = recordCalls();
    setApiLanguage("ar");
    await apiClient.get("/api/feed/status");
    setApiLanguage(null);
    await apiClient.get("/api/feed/status");
    expect(calls.map((h) => h.get("accept-language"))).toEqual(["ar", "en"]);
  });

  it("when there is no page (a test, the server's render), then no language is asked and the API answers in English", async () => {
    vi.stubGlobal("document", undefined);
    const calls = recordCalls();
    await apiClient.get("/api/episodes");
    expect(calls[0]!.has("accept-language")).toBe(false);
  });
});
