import { describe, expect, it } from "vitest";
import { AppError } from "../../platform/http/errors";
import { buildReport, csvOf, reportCsv, type ReportInput } from "./report";
import { resolveRange } from "./service";

const input = (over: Partial<ReportInput> = {}): ReportInput => ({
  from: "2026-11-20",
  to: "2026-11-22",
  byKey: [],
  byDay: [],
  searchesByDay: [],
  searches: [],
  names: { episodes: [], clips: [], providers: [] },
  ...over,
});

/** What storage counted of `metric` on `day`. */
const onDay = (day: string, metric: string, count: number) => ({ day, metric, count });
/** What storage counted of `metric` for `key` (an episode's, clip's or provider's id). */
const forKey = (metric: string, key: string, count: number) => ({ metric, key, count });

describe("the report", () => {
  it("when a range has days without anything counted, then every day is there with zeros", () => {
    const report = buildReport(input({ byDay: [onDay("2026-11-21", "pageviews", 4)] }));
    expect(report.days).toEqual([
      { date: "2026-11-20", pageviews: 0, visitors: 0, plays: 0, listens: 0 },
      { date: "2026-11-21", pageviews: 4, visitors: 0, plays: 0, listens: 0 },
      { date: "2026-11-22", pageviews: 0, visitors: 0, plays: 0, listens: 0 },
    ]);
    expect(report.totals).toEqual({
      pageviews: 4,
      visitors: 0,
      plays: 0,
      listens: 0,
      providerClicks: 0,
      clipPlays: 0,
      shares: 0,
      searches: 0,
    });
  });

  it("when visitors are counted per day, then the range's visitors are the days' sum", () => {
    const report = buildReport(input({ byDay: [onDay("2026-11-20", "site_visitors", 2), onDay("2026-11-21", "site_visitors", 3)] }));
    expect(report.totals.visitors).toBe(5);
  });

  it("when episodes were played, then each is named with its plays, listens and quarter marks; a deleted one is left out", () => {
    const report = buildReport(
      input({
        byKey: [
          forKey("plays", "7", 3),
          forKey("listens", "7", 2),
          forKey("reached_25", "7", 2),
          forKey("reached_100", "7", 1),
          forKey("plays", "8", 1),
        ],
        names: { episodes: [{ id: 7, slug: "pain", title: "Pain" }], clips: [], providers: [] },
      }),
    );
    expect(report.episodes).toEqual([
      { slug: "pain", title: "Pain", plays: 3, listens: 2, reached: { "25": 2, "50": 0, "75": 0, "100": 1 } },
    ]);
  });

  it("when the CSV is asked for, then it has the header row and one row per day", () => {
    const csv = reportCsv(
      input({
        byDay: [onDay("2026-11-20", "pageviews", 5), onDay("2026-11-20", "provider_clicks", 1)],
        searchesByDay: [{ day: "2026-11-22", count: 2 }],
      }),
    );
    expect(csv.split("\r\n")).toEqual([
      "date,pageviews,visitors,plays,listens,providerClicks,clipPlays,shares,searches",
      "2026-11-20,5,0,0,0,1,0,0,0",
      "2026-11-21,0,0,0,0,0,0,0,0",
      "2026-11-22,0,0,0,0,0,0,0,2",
      "",
    ]);
  });
});

describe("the range read", () => {
  const today = "2026-11-25";
  it("when no range is given, then it is the last 30 days, today included", () => {
    expect(resolveRange({}, today)).toEqual({ from: "2026-10-27", to: today });
  });

  it("when only a start is given, then the range goes to today", () => {
    expect(resolveRange({ from: "2026-11-01" }, today)).toEqual({ from: "2026-11-01", to: today });
  });

  it("when the range is backwards or longer than 366 days, then it is a 400", () => {
    expect(() => resolveRange({ from: "2026-11-10", to: "2026-11-01" }, today)).toThrow(AppError);
    expect(() => resolveRange({ from: "2025-01-01", to: "2026-01-02" }, today)).toThrow("error.rangeTooLong");
    expect(resolveRange({ from: "2025-01-01", to: "2026-01-01" }, today)).toEqual({ from: "2025-01-01", to: "2026-01-01" });
  });
});

describe("the CSV's cells", () => {
  /** One cell as the file writes it: a file of a header and one row of that cell, less the header and the line's end. */
  const csvCell = (value: string | number) => csvOf(["h"], [[value]]).slice("h\r\n".length, -"\r\n".length);

  it("when a text cell begins with =, +, -, @, a tab or a carriage return, then it is written with a ' before it", () => {
    expect(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx"].map(csvCell)).toEqual(["'=1+1", "'+1", "'-1", "'@SUM(A1)", "'\tx", '"\'\rx"']);
    expect(["a=1", "pain", " =1", "", "1-2"].map(csvCell)).toEqual(["a=1", "pain", " =1", "", "1-2"]);
    expect(csvCell(0)).toBe("0");
  });

  it("when a cell holds a comma, a quote or a line break, then it is quoted and its quotes doubled (RFC 4180)", () => {
    expect(csvCell('Pain, "the" protector')).toBe('"Pain, ""the"" protector"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("two\rlines")).toBe('"two\rlines"');
    expect(csvCell('="a,b"')).toBe('"\'=""a,b"""');
  });

  it("when a file is written, then the header row comes first and every line ends with CRLF", () => {
    expect(
      csvOf(
        ["q", "count"],
        [
          ["brain", 2],
          ["-x", 1],
        ],
      ),
    ).toBe("q,count\r\nbrain,2\r\n'-x,1\r\n");
    expect(csvOf(["q", "count"], [])).toBe("q,count\r\n");
  });
});
