import { describe, expect, it } from "vitest";
import { parseChapters, parseTranscript, transcriptText } from "./transcripts";

describe("parseTranscript", () => {
  it("when a WebVTT transcript has voices, then each cue is its own timed line with its speaker", async () => {
    const vtt =
      "WEBVTT\n\n00:00:01.000 --> 00:00:04.000\n<v Ann>Welcome to the show.</v>\n\n00:00:04.500 --> 00:00:06.000\n<v Ann>Today: pain.</v>\n\n01:02:03.400 --> 01:02:05.000\n<v.loud Ben>Thanks <b>Ann</b>!</v>\n";
    expect(await parseTranscript(vtt, "text/vtt")).toEqual([
      { start: 1, speaker: "Ann", text: "Welcome to the show." },
      { start: 5, speaker: "Ann", text: "Today: pain." },
      { start: 3723, speaker: "Ben", text: "Thanks Ann!" },
    ]);
  });

  it("when one speaker says 8 cues 20 s apart, then there are 8 lines, each at its cue's time", async () => {
    const clock = (s: number) => `00:${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}.000`;
    const cues = Array.from(
      { length: 8 },
      (_, i) => `${clock(i * 20)} --> ${clock(i * 20 + 19)}\n<v Bryan Cantrill>Words of cue ${i + 1}.</v>`,
    );
    const lines = await parseTranscript(`WEBVTT\n\n${cues.join("\n\n")}\n`, "text/vtt");
    expect(lines.map((line) => line.start)).toEqual([0, 20, 40, 60, 80, 100, 120, 140]);
    expect(lines.every((line) => line.speaker === "Bryan Cantrill")).toBe(true);
    expect(lines[4]!.text).toBe("Words of cue 5.");
  });

  it("when an SRT transcript is given, then its cues are read with their start times", async () => {
    const srt = "1\n00:00:01,000 --> 00:00:04,000\nFirst words\n\n2\n00:10:05,600 --> 00:10:07,000\nmore words\n";
    expect(await parseTranscript(srt, "application/x-subrip")).toEqual([
      { start: 1, speaker: null, text: "First words" },
      { start: 606, speaker: null, text: "more words" },
    ]);
    expect(await parseTranscript(srt, "application/srt")).toHaveLength(2);
  });

  it("when the Podcasting 2.0 JSON format is given, then each segment is its own line with its speaker", async () => {
    const json = JSON.stringify({
      version: "1.0.0",
      segments: [
        { startTime: 0.5, speaker: "Ann", body: "Hi" },
        { startTime: 2, speaker: "Ben", body: "Hello  there" },
      ],
    });
    expect(await parseTranscript(json, "application/json")).toEqual([
      { start: 1, speaker: "Ann", text: "Hi" },
      { start: 2, speaker: "Ben", text: "Hello there" },
    ]);
  });

  it("when an HTML transcript has cite and time tags, then speakers and times are kept; plain paragraphs are untimed", async () => {
    const html = "<cite>Ann:</cite><time>00:01:02</time><p>Good morning.</p><cite>Ben:</cite><time>1:05</time><p>Morning!</p>";
    expect(await parseTranscript(html, "text/html")).toEqual([
      { start: 62, speaker: "Ann", text: "Good morning." },
      { start: 65, speaker: "Ben", text: "Morning!" },
    ]);
    expect(await parseTranscript("<p>Just words.</p><p>More.</p>", "text/html")).toEqual([
      { start: null, speaker: null, text: "Just words." },
      { start: null, speaker: null, text: "More." },
    ]);
  });

  it("when the file is not what its type says, or of an unknown type, then it is refused", async () => {
    await expect(parseTranscript("not json", "application/json")).rejects.toThrow();
    await expect(parseTranscript("words", "text/plain")).rejects.toThrow(/cannot be read/);
  });

  it("when the text is taken for search, then it is the lines' words", async () => {
    expect(
      transcriptText([
        { start: 0, speaker: "A", text: "one" },
        { start: 5, speaker: "B", text: "two" },
      ]),
    ).toBe("one\ntwo");
  });
});

describe("parseChapters", () => {
  it("when a chapters file is given, then chapters come in time order with titles, http(s) links and pictures only, toc:false left out", () => {
    const json = JSON.stringify({
      version: "1.2.0",
      chapters: [
        { startTime: 600.4, title: "Questions", url: "javascript:alert(1)", img: "data:image/png;base64,AAAA" },
        { startTime: 0, title: " Intro ", url: "https://show.example/intro", img: "https://show.example/intro.jpg" },
        { startTime: 300, title: "Hidden", toc: false },
        { startTime: 400 },
      ],
    });
    expect(parseChapters(json)).toEqual([
      { start: 0, title: "Intro", url: "https://show.example/intro", img: "https://show.example/intro.jpg", image: null },
      { start: 600, title: "Questions", url: null, img: null, image: null },
    ]);
  });

  it("when a chapter in the file is not one (a negative or text start, a number for a title), then it alone is left out", () => {
    const json = JSON.stringify({
      chapters: [
        { startTime: -1, title: "x" },
        { startTime: "10", title: "y" },
        { startTime: 5, title: 7 },
        null,
        { startTime: 8, title: "Kept" },
      ],
    });
    expect(parseChapters(json)).toEqual([{ start: 8, title: "Kept", url: null, img: null, image: null }]);
  });

  it("when a file has thousands of chapters, then the first 500 are kept", () => {
    const chapters = Array.from({ length: 5_000 }, (_, i) => ({ startTime: i, title: `C${i}` }));
    const kept = parseChapters(JSON.stringify({ chapters }));
    expect(kept).toHaveLength(500);
    expect(kept.at(-1)!.title).toBe("C499");
  });

  it("when the file is not a chapters file, then it is refused", () => {
    expect(() => parseChapters("{}")).toThrow();
    expect(() => parseChapters("not json")).toThrow();
    expect(() => parseChapters('{"chapters":"none"}')).toThrow();
  });
});
