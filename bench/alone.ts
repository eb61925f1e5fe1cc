import { pathToFileURL } from "node:url";

/**
 * A bench run on its own (`tsx bench/<name>.ts`, not through run.ts) when `moduleUrl` is the
 * script node was started with: `bench` runs, its report's section is printed, then whether every
 * target is met; the process ends 1 when the bench could not run. `--json` prints the figures too.
 */
export function runAlone<Figures>(
  moduleUrl: string,
  bench: () => Promise<Figures>,
  report: (figures: Figures) => string | { section: string; misses: string[] },
): void {
  if (moduleUrl !== pathToFileURL(process.argv[1] ?? "").href) return;
  bench().then(
    (figures) => {
      if (process.argv.includes("--json")) console.log(JSON.stringify(figures, null, 2));
      const result = report(figures);
      if (typeof result === "string") console.log(result);
      else {
        console.log(result.section);
        console.log(result.misses.length === 0 ? "Every target is met." : `Missed:\n${result.misses.map((m) => `- ${m}`).join("\n")}`);
      }
      process.exit(0);
    },
    (err: Error) => {
      console.error(err);
      process.exit(1);
    },
  );
}
