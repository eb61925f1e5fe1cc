import { describe, expect, it } from "vitest";
import { canMove, nextProviderSortOrder, nextSortOrder, swapNeighbour } from "./sort-order";

const items = (...orders: string[]) => orders.map((sortOrder, i) => ({ id: i + 1, sortOrder }));

describe("sortOrder of new items", () => {
  it("when there are no providers, then the first gets '1'", () => {
    expect(nextProviderSortOrder([])).toBe("1");
  });
  it("when providers exist, then a new one gets their count plus one, whatever their orders", () => {
    expect(nextProviderSortOrder(items("1", "7", "3"))).toBe("4");
  });
  it("when there are no episodes or clips, then the first gets '1'", () => {
    expect(nextSortOrder([])).toBe("1");
  });
  it("when items exist, then a new one gets the maximum plus one, compared as numbers", () => {
    expect(nextSortOrder(items("2", "10", "1"))).toBe("11");
    expect(nextSortOrder(items("0"))).toBe("1");
  });
  it("when an order is not a number, then it counts as 0", () => {
    expect(nextSortOrder(items("x", "3"))).toBe("4");
  });
});

describe("swap neighbour", () => {
  const ordered = items("1", "2", "3");
  it("when moving up, then the item swaps with the one before it", () => {
    expect(swapNeighbour(ordered, 2, "up")?.id).toBe(1);
  });
  it("when moving down, then the item swaps with the one after it", () => {
    expect(swapNeighbour(ordered, 2, "down")?.id).toBe(3);
  });
  it("when the item is first or last, then there is no neighbour and the move is disabled", () => {
    expect(swapNeighbour(ordered, 1, "up")).toBeNull();
    expect(swapNeighbour(ordered, 3, "down")).toBeNull();
    expect(canMove(ordered, 1, "up")).toBe(false);
    expect(canMove(ordered, 3, "down")).toBe(false);
    expect(canMove(ordered, 1, "down")).toBe(true);
  });
  it("when the id is unknown, then there is no neighbour", () => {
    expect(swapNeighbour(ordered, 99, "up")).toBeNull();
  });
});
