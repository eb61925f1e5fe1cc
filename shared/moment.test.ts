import { describe, expect, it } from "vitest";
import { momentOf, momentParam, parseClockValue, parseMoment } from "./moment";

describe("links to a moment", () => {
  it("when a time is written in seconds, mm:ss, h:mm:ss or after npt:, then it is read as seconds", () => {
    expect(parseClockValue("3723")).toBe(3723);
    expect(parseClockValue("0")).toBe(0);
    expect(parseClockValue("75.5")).toBe(75.5);
    expect(parseClockValue("1:15")).toBe(75);
    expect(parseClockValue("02:03")).toBe(123);
    expect(parseClockValue("62:03")).toBe(3723);
    expect(parseClockValue("1:02:03")).toBe(3723);
    expect(parseClockValue("1:35:52.25")).toBe(5752.25);
    expect(parseClockValue("npt:3723")).toBe(3723);
    expect(parseClockValue("npt:1:02:03")).toBe(3723);
    expect(parseClockValue(" 12 ")).toBe(12);
  });

  it("when a time is not one (letters, signs, out-of-range minutes or seconds, too many parts, too large), then it is none", () => {
    for (const bad of [
      "",
      "abc",
      "-5",
      "+5",
      "1e3",
      "0x10",
      "Infinity",
      "NaN",
      "1:60",
      "1:5",
      "1:02:60",
      "1:60:00",
      "1:02:03:04",
      "1::03",
      ":30",
      "1.",
      ".5",
      "5.1234",
      "1h2m3s",
      "360001",
      "99999:00",
      "npt:",
      "smpte:00:01:00",
    ]) {
      expect(parseClockValue(bad), bad).toBeNull();
    }
  });

  it("when a t value has a start and an end, then both are read; an end not after the start is dropped", () => {
    expect(parseMoment("1:02:03")).toEqual({ start: 3723, end: null });
    expect(parseMoment("10,20")).toEqual({ start: 10, end: 20 });
    expect(parseMoment("npt:10,20")).toEqual({ start: 10, end: 20 });
    expect(parseMoment("1:35:52,1:42:16")).toEqual({ start: 5752, end: 6136 });
    expect(parseMoment(",20")).toEqual({ start: 0, end: 20 });
    expect(parseMoment("20,10")).toEqual({ start: 20, end: null });
    expect(parseMoment("20,20")).toEqual({ start: 20, end: null });
    expect(parseMoment("20,abc")).toEqual({ start: 20, end: null });
  });

  it("when a t value cannot be read, then it is no moment", () => {
    for (const bad of [null, undefined, "", "abc", "abc,20", ",", ",abc", "1,2,3", "-1,5", "1:60,2:00", "9".repeat(50)]) {
      expect(parseMoment(bad), String(bad)).toBeNull();
    }
  });

  it("when an address carries t in its query or fragment, then that is the moment; the query wins; other parameters are no matter", () => {
    expect(momentOf("?t=75", "")).toEqual({ start: 75, end: null });
    expect(momentOf("?t=1%3A02%3A03", "")).toEqual({ start: 3723, end: null });
    expect(momentOf("", "#t=3723,3733")).toEqual({ start: 3723, end: 3733 });
    expect(momentOf("", "#t=npt:10,20")).toEqual({ start: 10, end: 20 });
    expect(momentOf("", "#xywh=1,2,3,4&t=10")).toEqual({ start: 10, end: null });
    expect(momentOf("?t=5", "#t=10")).toEqual({ start: 5, end: null });
    expect(momentOf("?t=abc", "#t=10")).toEqual({ start: 10, end: null });
    expect(momentOf("?x=1", "#section")).toBeNull();
    expect(momentOf("", "#t=%E0%A4%A")).toBeNull();
  });

  it("when a link to a moment is made, then its t reads as a clock and reads back as the same second", () => {
    expect(momentParam(75)).toBe("1:15");
    expect(momentParam(3723.9)).toBe("1:02:03");
    expect(momentParam(0)).toBe("0:00");
    for (const s of [0, 9, 75, 3599, 3723, 90_000]) expect(parseMoment(momentParam(s))).toEqual({ start: s, end: null });
  });
});
