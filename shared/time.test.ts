import { setupI18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { compileCatalogue } from "./locales/compile";
import english from "./locales/en/site.json";
import type { SiteKey } from "./locales/parts";
import { formatClock, formatDuration } from "./time";

const i18n = setupI18n({ locale: "en", messages: { en: compileCatalogue(english) } });
const t = (key: SiteKey, values: Record<string, unknown>) => i18n._(key, values);

describe("times", () => {
  it("when seconds are shown as a clock, then hours appear only when there are some", () => {
    expect(formatClock(0)).toBe("0:00");
    expect(formatClock(245.9)).toBe("4:05");
    expect(formatClock(3723)).toBe("1:02:03");
    expect(formatClock(-5)).toBe("0:00");
  });
  it("when a duration is said in words, then it is seconds, minutes, or hours and minutes", () => {
    expect(formatDuration(40, t)).toBe("40 s");
    expect(formatDuration(2700, t)).toBe("45 min");
    expect(formatDuration(3900, t)).toBe("1 h 5 min");
    expect(formatDuration(3600, t)).toBe("1 h");
  });
});
