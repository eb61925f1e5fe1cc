import { describe, expect, it } from "vitest";
import { AUDITION_PREFIX_MIN_LENGTH, AUDITION_PREFIX_TOO_SHORT, HAND_IN_MESSAGES } from "../../../shared/auditions";
import { english } from "../../test/words";
import { words } from "../../platform/http/errors";
import { translator } from "../languages";
import { HAND_IN_REFUSALS } from "./refusals";

describe("the hand-in's refusals", () => {
  it("when the catalogue's English is said, then every refusal reads word for word as shared/auditions.ts says it (the browser and the tests read those)", () => {
    for (const [name, said] of Object.entries(HAND_IN_REFUSALS)) {
      const message = HAND_IN_MESSAGES[name as keyof typeof HAND_IN_MESSAGES];
      if (typeof said === "function") expect(english(said(1_024)), name).toBe((message as (maxMb: number) => string)(1_024));
      else expect(english(said), name).toBe(message);
    }
    expect(english(words("validation.prefixTooShort", { minimum: AUDITION_PREFIX_MIN_LENGTH }))).toBe(AUDITION_PREFIX_TOO_SHORT);
  });

  it("when they are said in another language, then the counts take that language's plural forms", () => {
    const { t } = translator("ar");
    expect(t("handInRefusal.usedUp", { count: 3 })).toContain("3 أعمال");
    expect(translator("de").t("handInRefusal.tooBig", { maxMb: 1_024 })).toContain("1.024 MB");
  });
});
