import { describe, expect, it } from "vitest";
import type { AdminKey, Translate } from "@/lib/i18n";
import { englishI18n } from "@/test/language";
import { fileSize } from "./format";

const english = englishI18n();
const t: Translate<AdminKey> = (key, values) => english._(key, values);

describe("fileSize", () => {
  it("when a size is given in bytes, then it reads in the largest unit under 1024, with one decimal below 100", () => {
    expect(fileSize(512, t, "en")).toBe("512 bytes");
    expect(fileSize(12 * 1024, t, "en")).toBe("12.0 KB");
    expect(fileSize(350 * 1024 * 1024, t, "en")).toBe("350 MB");
    expect(fileSize(1.25 * 1024 ** 3, t, "en")).toBe("1.3 GB");
  });

  it("when the admin's language writes numbers its own way, then the size is written that way (German: a decimal comma)", () => {
    expect(fileSize(1.25 * 1024 ** 3, t, "de")).toBe("1,3 GB");
  });
});
