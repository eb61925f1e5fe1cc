import { Parser } from "htmlparser2";
import { parseText } from "media-captions";
import { z } from "zod";
import type { Chapter, TranscriptParagraph } from "../../../shared/api";
import { collapse } from "./fields";

/** More words than any episode has; a tsvector holds at most 1 MB. */
const MAX_TEXT = 500_000;

interface Cue {
  start: number | null;
  speaker: string | null;
  text: string;
}

const VOICE = /^<v(?:\.[\w.-]+)?\s([^<>]*)>/;
const tagless = (text: string) => collapse(text.replace(/<[^<>]*>/g, ""));

/** Cues from VTT or SRT: their start times, a <v Speaker> voice as the speaker, tags dropped. */
async function captionCues(text: string, type: "vtt" | "srt"): Promise<Cue[]> {
  const { cues } = await parseText(text, { type });
  return cues.map((cue) => ({ start: cue.startTime, speaker: VOICE.exec(cue.text)?.[1]?.trim() ?? null, text: tagless(cue.text) }));
}

/** The Podcasting 2.0 JSON transcript: {segments: [{startTime, speaker, body}]}. */
const jsonTranscript = z.object({
  segments: z.array(z.object({ startTime: z.number().min(0).optional(), speaker: z.string().optional(), body: z.string() })),
});
function jsonCues(text: string): Cue[] {
  const { segments } = jsonTranscript.parse(JSON.parse(text));
  return segments.map((s) => ({ start: s.startTime ?? null, speaker: s.speaker?.trim() || null, text: collapse(s.body) }));
}

/** "1:02:03", "02:03", "3.5" → seconds. */
function clockToSeconds(value: string): number | null {
  const parts = value.trim().split(":").map(Number);
  if (parts.length === 0 || parts.length > 3 || parts.some((p) => !Number.isFinite(p) || p < 0)) return null;
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * An HTML transcript (<cite>Speaker:</cite> <time>00:01:02</time> <p>words</p>, or paragraphs
 * alone), read by a tokenizer in one pass: no document is built, whatever the file's size.
 */
function htmlCues(text: string): Cue[] {
  const cues: Cue[] = [];
  let speaker: string | null = null;
  let start: number | null = null;
  let open: { tag: "cite" | "time" | "p"; text: string; datetime: string | null } | null = null;
  let depth = 0;
  let all = "";
  const skipped = new Set(["script", "style", "template", "noscript"]);
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (skipped.has(name)) skipping++;
        if (open) {
          if (name === open.tag) depth++;
          return;
        }
        if (name === "cite" || name === "time" || name === "p") {
          open = { tag: name, text: "", datetime: attribs.datetime ?? null };
          depth = 1;
        }
      },
      ontext(data) {
        if (skipping > 0) return;
        all += data;
        if (open) open.text += data;
      },
      onclosetag(name) {
        if (skipped.has(name)) skipping = Math.max(0, skipping - 1);
        if (!open || name !== open.tag || --depth > 0) return;
        const content = collapse(open.text);
        if (open.tag === "cite") speaker = content.replace(/:$/, "") || null;
        else if (open.tag === "time") start = clockToSeconds(open.datetime ?? content);
        else if (content) {
          cues.push({ start, speaker, text: content });
          start = null;
        }
        open = null;
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(text);
  return cues.length > 0 ? cues : [{ start: null, speaker: null, text: collapse(all) }].filter((c) => c.text);
}

/**
 * Each cue its own line, timed by its start, so every cue can be played from and a search hit
 * leads to the cue that holds it; a speaker who says many cues in a row keeps each of them (the
 * page names the speaker once for the run).
 */
function lines(cues: Cue[]): TranscriptParagraph[] {
  return cues
    .filter((cue) => cue.text)
    .map((cue) => ({ start: cue.start === null ? null : Math.round(cue.start), speaker: cue.speaker, text: cue.text }));
}

/**
 * A transcript file (podcast:transcript) as timed lines, one per cue: WebVTT and SRT (read by
 * media-captions), the Podcasting 2.0 JSON format, or HTML. Throws when the file is not of its
 * declared type; an empty transcript is an empty list.
 */
export async function parseTranscript(body: string, type: string): Promise<TranscriptParagraph[]> {
  const text = body.replace(/^\uFEFF/, "");
  switch (type) {
    case "text/vtt":
      return lines(await captionCues(text, "vtt"));
    case "application/x-subrip":
    case "application/srt":
    case "text/srt":
      return lines(await captionCues(text, "srt"));
    case "application/json":
      return lines(jsonCues(text));
    case "text/html":
      return lines(htmlCues(text));
    default:
      throw new Error(`a transcript of type ${type} cannot be read`);
  }
}

/** The transcript's words, for search, at most 500,000 characters. */
export function transcriptText(transcript: TranscriptParagraph[]): string {
  return transcript
    .map((p) => p.text)
    .join("\n")
    .slice(0, MAX_TEXT);
}

/** The Podcasting 2.0 JSON chapters format: {chapters: [{startTime, title, url, img, toc}]}. */
const chaptersFile = z.object({ chapters: z.array(z.unknown()) });
const chapterEntry = z.object({
  startTime: z.number().min(0).max(360_000),
  title: z.string().optional(),
  url: z.string().optional(),
  img: z.string().optional(),
  toc: z.boolean().optional(),
});

/** More chapters than any episode has: past it a file is a list of something else. */
const MAX_CHAPTERS = 500;

/** A chapter as kept: `img`, the file's picture address, is fetched and kept here as `image` (server/modules/feed/linked-files.ts). */
export type StoredChapter = Chapter & { img: string | null };

const webAddress = (raw: string | undefined) => (raw && /^https?:\/\//i.test(raw.trim()) ? raw.trim() : null);

/**
 * Chapters in time order, each with a title, at most MAX_CHAPTERS; a link and a picture only when
 * http(s). A chapter that is not one (no start time, no title, toc: false) is left out; a file
 * that is not JSON or has no chapters list is refused.
 */
export function parseChapters(body: string): StoredChapter[] {
  const { chapters } = chaptersFile.parse(JSON.parse(body.replace(/^\uFEFF/, "")));
  const kept: StoredChapter[] = [];
  for (const raw of chapters) {
    const parsed = chapterEntry.safeParse(raw);
    if (!parsed.success || parsed.data.toc === false || !parsed.data.title?.trim()) continue;
    const c = parsed.data;
    kept.push({
      start: Math.round(c.startTime),
      title: collapse(c.title!).slice(0, 300),
      url: webAddress(c.url),
      img: webAddress(c.img),
      image: null,
    });
    if (kept.length >= MAX_CHAPTERS) break;
  }
  return kept.sort((a, b) => a.start - b.start);
}
