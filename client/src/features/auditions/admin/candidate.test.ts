import { describe, expect, it } from "vitest";
import { candidateLabel } from "./candidate";

describe("candidateLabel", () => {
  it("when a try worked, then the candidate is named by their number; otherwise a dash", () => {
    expect(candidateLabel("12")).toBe("Candidate 12");
    expect(candidateLabel(null)).toBe("—");
  });
});
