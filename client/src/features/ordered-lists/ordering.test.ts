import { describe, expect, it } from "vitest";
import { bySortOrder, publishedInOrder } from "./ordering";

describe("ordering", () => {
  it("when sort orders are numeric strings, then items sort by their number, not their text", () => {
    const items = [{ sortOrder: "10" }, { sortOrder: "2" }, { sortOrder: "1" }];
    expect(bySortOrder(items).map((i) => i.sortOrder)).toEqual(["1", "2", "10"]);
  });
  it("when some items are drafts, then the public list leaves them out", () => {
    const items = [
      { id: 1, sortOrder: "2", isPublished: true },
      { id: 2, sortOrder: "1", isPublished: false },
      { id: 3, sortOrder: "0", isPublished: true },
    ];
    expect(publishedInOrder(items).map((i) => i.id)).toEqual([3, 1]);
  });
});
