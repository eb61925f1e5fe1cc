import { describe, expect, it } from "vitest";
import type { AdminKey, Translate } from "@/lib/i18n";
import { englishI18n } from "@/test/language";
import { candidateLabel } from "./candidate";

const english = englishI18n();
const t: Translate<AdminKey> = (key, values) => english._(key, values);

describe("candidateLabel", () => {
  it("when a try worked, then the candidate is named by their number; otherwise a dash", () => {
    expect(candidateLabel(t, "12")).toBe("Candidate 12");
    expect(candidateLabel(t, null)).toBe("—");
  });
});
