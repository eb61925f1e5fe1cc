import { describe, expect, it } from "vitest";
import { canMove, swapNeighbour } from "./sort-order";

const items = (...orders: string[]) => orders.map((sortOrder, i) => ({ id: i + 1, sortOrder }));

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
