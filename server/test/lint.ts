/** Lint run on a line of code placed in a given file: the helpers of the lint rules' tests (server/lint-rules.test.ts, client/src/lint-rules.test.ts). */
import { ESLint } from "eslint";
import { expect } from "vitest";
import { projectRoot } from "../platform/runtime/paths";

/** The errors eslint.config.js gives a line of code placed in a given file, by rule. */
export async function lintErrors(filePath: string, code: string, rule: (ruleId: string) => boolean): Promise<string[]> {
  const eslint = new ESLint({ cwd: projectRoot() });
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.filter((m) => m.severity === 2 && m.ruleId !== null && rule(m.ruleId)).map((m) => m.message);
}

/** A file's code that imports `name` from `from` and uses it. */
export const importing = (name: string, from: string) => `import { ${name} } from "${from}";\n${name};\n`;

/** Every way a file can reach `from` for `name`: import, export-from, import() and require(). */
export const everyWayOf = (name: string, from: string) => [
  importing(name, from),
  `export { ${name} } from "${from}";\n`,
  `export const load = () => import("${from}");\n`,
  `declare const require: (p: string) => unknown;\nexport const loaded = require("${from}");\n`,
];

/** Code that lint should fail (with exactly one error) and code it should pass. */
export interface Verdicts {
  fails?: string[];
  passes?: string[];
}

/** Lints each code placed in `filePath`, by the rules `rule` picks: each of `fails` gets exactly one error, each of `passes` none. */
export async function expectLint(rule: (ruleId: string) => boolean, filePath: string, { fails = [], passes = [] }: Verdicts) {
  for (const code of fails) expect(await lintErrors(filePath, code, rule), `${filePath}: ${code}`).toHaveLength(1);
  for (const code of passes) expect(await lintErrors(filePath, code, rule), `${filePath}: ${code}`).toHaveLength(0);
}

/** The rooms' allowlists (eslint-boundaries.js, eslint-boundaries-client.js), run on code placed in a given room. */
export const expectCrossings = (filePath: string, verdicts: Verdicts) =>
  expectLint((id) => id === "boundaries/dependencies", filePath, verdicts);
