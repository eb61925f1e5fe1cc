import type { Page } from "@playwright/test";

// How the browser tests see a hydration: the server's nodes kept, and no mismatch reported.

declare global {
  interface Window {
    __serverNodes?: Element[];
    __problems?: string[];
  }
}

/**
 * Before any of the page's scripts run (the end of parsing, "interactive", comes before module
 * scripts), every element inside #root is noted; React's recoverable errors are caught as well.
 */
export async function watchHydration(page: Page): Promise<string[]> {
  const console: string[] = [];
  page.on("console", (message) => {
    // A 404 page's own status is said in the console as a failed load: that is the page, not a fault.
    if (message.location().url === page.url() && message.text().includes("404")) return;
    if (message.type() === "error" || message.type() === "warning") console.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => console.push(`pageerror: ${error.message}`));
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState === "interactive") window.__serverNodes = Array.from(document.querySelectorAll("#root *"));
    });
  });
  return console;
}

/** The elements of the server's markup that are no longer in the document, by tag and class. */
export async function replacedNodes(page: Page): Promise<{ total: number; gone: string[] }> {
  // Idle once more after the app said it is ready: effects and lazy parts have run.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestAnimationFrame(resolve), { timeout: 2000 })));
  return page.evaluate(() => {
    const nodes = window.__serverNodes ?? [];
    const gone = nodes
      .filter((node) => !node.isConnected)
      .slice(0, 5)
      .map((node) => `<${node.tagName.toLowerCase()} class="${node.getAttribute("class") ?? ""}">`);
    return { total: nodes.length, gone };
  });
}
