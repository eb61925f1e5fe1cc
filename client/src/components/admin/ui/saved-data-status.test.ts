import { describe, expect, it } from "vitest";
import { savedDataState, type SavedDataQuery } from "./saved-data-status";

const query = (state: Partial<SavedDataQuery>): SavedDataQuery => ({
  isSuccess: false,
  isError: false,
  isFetching: false,
  isFetchedAfterMount: false,
  refetch: () => Promise.resolve(),
  ...state,
});

describe("savedDataState", () => {
  it("when the first request is under way, then the form is loading", () => {
    expect(savedDataState(query({ isFetching: true }))).toBe("loading");
  });

  it("when the data has arrived, then the form is ready", () => {
    expect(savedDataState(query({ isSuccess: true, isFetchedAfterMount: true }))).toBe("ready");
  });

  it("when only the page's copy is there and a fresh one is asked for, then the form waits for the fresh one", () => {
    expect(savedDataState(query({ isSuccess: true, isFetching: true }), { fresh: true })).toBe("loading");
    expect(savedDataState(query({ isSuccess: true, isFetching: true }))).toBe("ready");
  });

  it("when the request failed, even with an older copy in hand, then the form says it failed", () => {
    expect(savedDataState(query({ isError: true, isFetchedAfterMount: true }), { fresh: true })).toBe("failed");
    expect(savedDataState(query({ isError: true }))).toBe("failed");
  });

  it("when a failed request is asked again, then the form is loading until it answers", () => {
    expect(savedDataState(query({ isError: true, isFetching: true, isFetchedAfterMount: true }), { fresh: true })).toBe("loading");
  });
});
