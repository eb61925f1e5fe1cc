import { describe, expect, it } from "vitest";
import { classifyAgent } from "./agents";

describe("known robots and the people's browsers", () => {
  it.each([
    ["a search engine", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"],
    ["a search engine", "Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)"],
    ["a headless browser", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36"],
    ["a command-line client", "curl/8.5.0"],
    ["a command-line client", "python-requests/2.31.0"],
    ["an AI crawler", "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.2; +https://openai.com/gptbot)"],
  ])("when the agent is %s (%s), then it is a robot", (_kind, agent) => {
    expect(classifyAgent(agent)).toEqual({ isBot: true });
  });

  it("when there is no agent, or one longer than any browser sends, then it is not counted as a person", () => {
    expect(classifyAgent(undefined)).toEqual({ isBot: true });
    expect(classifyAgent("")).toEqual({ isBot: true });
    expect(classifyAgent(`Mozilla/5.0 ${"x".repeat(600)}`)).toEqual({ isBot: true });
  });

  it("when the agent is a person's browser, then its device kind and browser family are kept", () => {
    expect(
      classifyAgent("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"),
    ).toEqual({ isBot: false, device: "desktop", browser: "Chrome" });
    expect(
      classifyAgent(
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({ isBot: false, device: "mobile", browser: "Safari" });
    expect(
      classifyAgent(
        "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1",
      ),
    ).toEqual({
      isBot: false,
      device: "tablet",
      browser: "Safari",
    });
    expect(classifyAgent("Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0")).toEqual({
      isBot: false,
      device: "desktop",
      browser: "Firefox",
    });
  });

  it("when an agent names a browser nobody knows, then its family is Other, so made-up names never fill the table", () => {
    const kind = classifyAgent("Mozilla/5.0 (Windows NT 10.0) Zzyzx-8f3a1/1.0 (made up)");
    expect(kind.isBot).toBe(false);
    if (!kind.isBot) expect(kind.browser).toBe("Other");
  });
});
