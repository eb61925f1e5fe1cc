import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import puppeteer, { type Browser as PuppeteerBrowser, type Page as PuppeteerPage } from "puppeteer-core";
import { Key, remote } from "webdriverio";
import getPort from "get-port";

/**
 * The visitor's journeys in the engines beside Chromium (README.md "Tests"): Safari's
 * WebKit (WebKitGTK's MiniBrowser through WebKitWebDriver, under Xvfb, over W3C WebDriver with
 * WebdriverIO) and Firefox ESR (over WebDriver BiDi with puppeteer-core), both Debian's packages
 * (scripts/ensure-engines.sh). Playwright cannot drive Debian's builds of either, so the journeys
 * speak to this small page of their own, which each engine's maintained client implements.
 * Selectors are CSS, or XPath when they begin with "//" or "(" (both engines evaluate XPath natively).
 */
export interface EnginePage {
  readonly engine: EngineName;
  /** Opens a page of the site and waits until the app has hydrated it (html[data-app-ready]). */
  goto(pathname: string): Promise<void>;
  click(selector: string): Promise<void>;
  /** Types `text` into the field, after what it holds is cleared. */
  fill(selector: string, text: string): Promise<void>;
  /** Presses keys, one after another, by their DOM names ("Tab", "Enter", "ArrowDown", "Escape", "Space"). */
  press(...keys: string[]): Promise<void>;
  /** Chooses `file` in the file picker that a click on `opener` opens (or for the file input `input`, where the engine cannot catch the picker). */
  upload(opener: string, input: string, file: string): Promise<void>;
  /** The value of a JavaScript expression in the page. */
  evaluate<T>(expression: string): Promise<T>;
  /** Waits until the expression is truthy in the page; fails with `what` after `timeoutMs`. */
  waitUntil(expression: string, what: string, timeoutMs?: number): Promise<void>;
  /** Saves a screenshot of the window as e2e/artifacts/engines/ENGINE/NAME-WIDTH.png. */
  screenshot(name: string): Promise<string>;
  close(): Promise<void>;
}

export type EngineName = "webkit" | "firefox";

export interface OpenOptions {
  /** The page's width, as a visitor's window is: 390 (a phone) or a desktop's. */
  width: number;
  /** The null sink's sound server (sound.ts), for Firefox. */
  pulseServer?: string;
}

const here = path.dirname(fileURLToPath(import.meta.url));
export const ENGINE_ARTIFACTS = path.join(here, "..", "artifacts", "engines");
const PHONE_HEIGHT = 844;
const DESKTOP_HEIGHT = 900;
const heightFor = (width: number) => (width < 768 ? PHONE_HEIGHT : DESKTOP_HEIGHT);
const APP_READY = "document.documentElement.hasAttribute('data-app-ready')";

const asExpression = (expression: string) => `return (${expression});`;

/** Polls `check` every 100 ms until it answers true. */
async function pollUntil(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      if (await check()) return;
    } catch (err) {
      last = err;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}${last ? ` (last error: ${(last as Error).message})` : ""}`);
}

/**
 * Types into a field until it holds `text`: a form that re-renders while keys arrive (an edit form
 * filled from the server) can lose some. Three tries, then a failure that says what the field kept.
 */
async function typeUntilHeld(page: EnginePage, type: () => Promise<void>, holds: () => Promise<boolean>, text: string): Promise<void> {
  for (let attempt = 0; attempt < 3; attempt++) {
    await type();
    try {
      await pollUntil(holds, "the field to hold what was typed", 2_000);
      return;
    } catch {
      // Said, so a form that drops keys is seen even when a second try keeps them.
      console.warn(`${page.engine}: a field did not keep ${JSON.stringify(text)}; typing it again`);
    }
  }
  throw new Error(`${page.engine}: a field did not keep ${JSON.stringify(text)} after three tries`);
}

/** A page's `goto` in either engine: `navigate` to `pathname` under `baseURL`, then wait until the app is ready. */
async function gotoApp(page: EnginePage, navigate: (href: string) => Promise<unknown>, baseURL: string, pathname: string): Promise<void> {
  await navigate(new URL(pathname, baseURL).href);
  await page.waitUntil(APP_READY, `the app to be ready on ${pathname}`);
}

function screenshotPath(engine: EngineName, name: string, width: number): string {
  const dir = path.join(ENGINE_ARTIFACTS, engine);
  fs.mkdirSync(dir, { recursive: true });
  return path.join(dir, `${name}-${width}.png`);
}

/** WebDriver's key code points (W3C WebDriver, "Keyboard actions") for the DOM key names the journeys use. */
const WEBDRIVER_KEYS: Record<string, string> = {
  Tab: Key.Tab,
  Enter: Key.Enter,
  Escape: Key.Escape,
  ArrowDown: Key.ArrowDown,
  ArrowUp: Key.ArrowUp,
  ArrowLeft: Key.ArrowLeft,
  ArrowRight: Key.ArrowRight,
  Space: Key.Space,
  Shift: Key.Shift,
};

/**
 * WebKit, as Safari's engine: WebKitWebDriver on a free port under a virtual display, one session.
 * MiniBrowser's window is never narrower than its toolbar (447 px), so it runs full screen on a
 * display of the page's own size.
 */
export async function openWebKit(baseURL: string, { width }: OpenOptions): Promise<EnginePage> {
  const port = await getPort({ host: "127.0.0.1" });
  const screen = `-screen 0 ${width}x${heightFor(width)}x24`;
  const driver: ChildProcess = spawn("xvfb-run", ["-a", "-s", screen, "WebKitWebDriver", `--port=${port}`], {
    stdio: "ignore",
    detached: true,
  });
  const stopDriver = () => {
    // xvfb-run, the driver and the display are one process group.
    if (driver.pid) {
      try {
        process.kill(-driver.pid, "SIGTERM");
      } catch {
        /* gone already */
      }
    }
  };
  try {
    await pollUntil(async () => (await fetch(`http://127.0.0.1:${port}/status`)).ok, "WebKitWebDriver to listen", 20_000);
    const browser = await remote({
      hostname: "127.0.0.1",
      port,
      logLevel: "error",
      capabilities: {
        browserName: "MiniBrowser",
        // WebKitWebDriver speaks classic WebDriver only: no BiDi socket to wait for.
        "wdio:enforceWebDriverClassic": true,
        "webkitgtk:browserOptions": {
          binary: "/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser",
          args: ["--automation", "--full-screen"],
        },
      } as WebdriverIO.Capabilities,
    });
    // Full screen, the window has no toolbar to keep it wide: it takes the page's size exactly.
    await browser.setWindowRect(0, 0, width, heightFor(width));
    const inner = await browser.execute(() => window.innerWidth);
    if (inner !== width) throw new Error(`WebKit's page is ${inner} px wide, not ${width}`);
    const page: EnginePage = {
      engine: "webkit",
      goto: (pathname) => gotoApp(page, (href) => browser.url(href), baseURL, pathname),
      async click(selector) {
        const el = await browser.$(selector);
        await el.waitForDisplayed({ timeout: 10_000 });
        // As a person scrolls to what they press: WebDriver's check of what is on top looks in the window only.
        await el.scrollIntoView({ block: "center" });
        await el.waitForClickable({ timeout: 10_000 });
        await el.click();
      },
      async fill(selector, text) {
        const el = await browser.$(selector);
        await el.waitForDisplayed({ timeout: 10_000 });
        await typeUntilHeld(
          page,
          async () => {
            await el.clearValue();
            await el.addValue(text);
          },
          async () => (await el.getValue()) === text,
          text,
        );
      },
      async press(...keys) {
        for (const key of keys) await browser.keys(WEBDRIVER_KEYS[key] ?? key);
      },
      async upload(_opener, input, file) {
        // WebDriver types the file's path into the input (which it cannot clear first).
        await (await browser.$(input)).addValue(file);
      },
      evaluate: <T>(expression: string) => browser.execute(asExpression(expression)) as Promise<T>,
      waitUntil: (expression, what, timeoutMs = 15_000) =>
        pollUntil(async () => Boolean(await browser.execute(asExpression(expression))), what, timeoutMs),
      async screenshot(name) {
        const file = screenshotPath("webkit", name, width);
        await browser.saveScreenshot(file);
        return file;
      },
      async close() {
        await browser.deleteSession().catch(() => undefined);
        stopDriver();
      },
    };
    return page;
  } catch (err) {
    stopDriver();
    throw err;
  }
}

/** Firefox ESR, headless, over WebDriver BiDi (no geckodriver), its sound to `pulseServer` (sound.ts). */
export async function openFirefox(baseURL: string, { width, pulseServer }: OpenOptions): Promise<EnginePage> {
  const browser: PuppeteerBrowser = await puppeteer.launch({
    browser: "firefox",
    executablePath: "/usr/bin/firefox-esr",
    headless: true,
    env: { ...process.env, ...(pulseServer ? { PULSE_SERVER: pulseServer } : {}) },
    // Never phones home.
    extraPrefsFirefox: {
      "app.update.enabled": false,
      "browser.shell.checkDefaultBrowser": false,
      "datareporting.policy.dataSubmissionEnabled": false,
      // Scrollbars over the page, as on a phone: the page keeps its whole width.
      "ui.useOverlayScrollbars": 1,
      // A fake microphone (a tone), granted without asking: the message journey records from it.
      "media.navigator.streams.fake": true,
      "media.navigator.permission.disabled": true,
    },
  });
  const tab: PuppeteerPage = await browser.newPage();
  await tab.setViewport({ width, height: heightFor(width) });
  const locate = (selector: string) => (selector.startsWith("//") || selector.startsWith("(") ? `::-p-xpath(${selector})` : selector);
  const page: EnginePage = {
    engine: "firefox",
    goto: (pathname) => gotoApp(page, (href) => tab.goto(href), baseURL, pathname),
    async click(selector) {
      const el = await tab.waitForSelector(locate(selector), { visible: true, timeout: 10_000 });
      await el!.click();
    },
    async fill(selector, text) {
      const el = await tab.waitForSelector(locate(selector), { visible: true, timeout: 10_000 });
      await typeUntilHeld(
        page,
        async () => {
          await el!.click({ count: 3 });
          await tab.keyboard.press("Backspace");
          await el!.type(text);
        },
        async () => (await el!.evaluate((e) => (e as HTMLInputElement).value)) === text,
        text,
      );
    },
    async press(...keys) {
      for (const key of keys) await tab.keyboard.press(key === "Space" ? " " : (key as Parameters<typeof tab.keyboard.press>[0]));
    },
    async upload(opener, _input, file) {
      // As a person does: the picker the button opens, given the file.
      const [chooser] = await Promise.all([tab.waitForFileChooser({ timeout: 10_000 }), page.click(opener)]);
      await chooser.accept([file]);
    },
    evaluate: (expression) => tab.evaluate(new Function(asExpression(expression)) as () => never),
    waitUntil: (expression, what, timeoutMs = 15_000) =>
      pollUntil(async () => Boolean(await tab.evaluate(new Function(asExpression(expression)) as () => unknown)), what, timeoutMs),
    async screenshot(name) {
      const file = screenshotPath("firefox", name, width);
      await tab.screenshot({ path: file as `${string}.png` });
      return file;
    },
    async close() {
      await browser.close().catch(() => undefined);
    },
  };
  return page;
}

export const OPEN_ENGINE: Record<EngineName, (baseURL: string, options: OpenOptions) => Promise<EnginePage>> = {
  webkit: openWebKit,
  firefox: openFirefox,
};
