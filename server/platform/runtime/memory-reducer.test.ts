import { describe, expect, it } from "vitest";
import { readChild } from "../../test/memory-reducer-child";

/**
 * A child with `--expose-gc` (as the server runs) starts the trim with a 500 ms check, holds some
 * 200 MB, lets it go, and idles; it reports its resident memory every 250 ms. Resolves with the
 * memory at the burst's end and the least reported within `withinSeconds` after it.
 */
function residentAfterBurst(withinSeconds: number, nodeFlags: string[]): Promise<{ peak: number; least: number }> {
  const body = `
    keepMemoryReducerWorking({ everyMs: 500 });
    const rss = () => process.memoryUsage.rss() / 1048576;
    let kept = new Map();
    for (let i = 0; i < 1_500_000; i++) kept.set(i, { i, text: "kept " + i, list: [i, i + 1] });
    kept = null;
    process.stdout.write("peak " + rss() + "\\n");
    setInterval(() => process.stdout.write("rss " + rss() + "\\n"), 250);`;
  let peak: number | undefined;
  let least = Infinity;
  let peakAt = 0;
  return readChild<{ peak: number; least: number }>(nodeFlags, body, (text, settle) => {
    for (const [, what, mb] of text.matchAll(/^(peak|rss) ([\d.]+)$/gm)) {
      if (what === "peak") [peak, peakAt] = [Number(mb), Date.now()];
      else if (peak !== undefined && Date.now() - peakAt <= withinSeconds * 1000) least = Math.min(least, Number(mb));
      if (peak !== undefined && Date.now() - peakAt > withinSeconds * 1000) settle({ peak, least });
    }
  });
}

describe("giving memory back once quiet, when the reducer has stopped looking", () => {
  // The collection that gives back all it can is the "last-resort" flavor of V8's gc, which
  // Node 20's V8 does not have (it runs an ordinary one, which keeps the pages): the server's
  // engines are Node 22 and 24, where it does.
  const lastResort = Number(process.versions.node.split(".")[0]) >= 22;
  it.runIf(lastResort)(
    "when the process is quiet and holds 20 MB more than it did, then within seconds it gives the burst's memory back",
    async () => {
      const { peak, least } = await residentAfterBurst(4, ["--max-semi-space-size=16", "--expose-gc"]);
      expect(peak).toBeGreaterThan(150);
      expect(peak - least).toBeGreaterThan(100);
    },
    30_000,
  );

  it("when Node runs without --expose-gc, then the trim does nothing and V8 keeps the pages for now", async () => {
    const { peak, least } = await residentAfterBurst(4, ["--max-semi-space-size=16"]);
    expect(peak).toBeGreaterThan(150);
    expect(peak - least).toBeLessThan(50);
  }, 30_000);
});
