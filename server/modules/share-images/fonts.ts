import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type * as Fontkit from "fontkit";
import { lazily } from "../../platform/runtime/lazy-require";

/**
 * Fonts for the share images, from maintained packages: Inter (SIL OFL) for Latin, Latin
 * Extended, Vietnamese, Cyrillic and Greek; Noto Sans SC and KR (SIL OFL) for Chinese, Japanese
 * and Korean, loaded chunk by chunk only when a text needs it; Twemoji (CC-BY 4.0) drawings for
 * emoji. A character none of them has is left out, so an image never shows a missing-glyph box:
 * what a font has is read from its own character map (fontkit), not from the stylesheets'
 * unicode ranges, which list characters the files lack (U+2010 in Inter's Latin subset, for one).
 */
export interface SatoriFont {
  name: string;
  data: Buffer;
  weight: 400 | 700;
  style: "normal";
}

interface FontFace {
  file: string;
  weight: 400 | 700;
  ranges: [number, number][];
  /** The characters the file has a glyph for, read on first need. */
  drawn?: Set<number>;
}

const WEIGHTS = [400, 700] as const;
const require = createRequire(import.meta.url);
const packageDir = (name: string) => path.dirname(require.resolve(`${name}/package.json`));

/** The @font-face rules of a fontsource stylesheet: each face's woff file and unicode ranges. */
function parseFontFaces(css: string, dir: string, weight: 400 | 700): FontFace[] {
  return css.split("@font-face").flatMap((block) => {
    const file = /url\(\.\/files\/([\w.-]+\.woff)\)/.exec(block)?.[1];
    const ranges = /unicode-range:([^;]*);/.exec(block)?.[1];
    if (!file || !ranges) return [];
    return [
      {
        file: path.join(dir, "files", file),
        weight,
        ranges: ranges.split(",").map((r): [number, number] => {
          const [start, end] = r.trim().replace("U+", "").split("-");
          return [parseInt(start!, 16), parseInt(end ?? start!, 16)];
        }),
      },
    ];
  });
}

function facesOf(pkg: string): FontFace[] {
  const dir = packageDir(pkg);
  return WEIGHTS.flatMap((w) => parseFontFaces(fs.readFileSync(path.join(dir, `${w}.css`), "utf8"), dir, w));
}

const fontkit = lazily<typeof Fontkit>("fontkit");
const inRanges = (face: FontFace, cp: number) => face.ranges.some(([a, b]) => cp >= a && cp <= b);

/** The face's character map. A file whose map fontkit cannot read draws nothing here. */
function drawnBy(face: FontFace): Set<number> {
  if (!face.drawn) {
    try {
      const font = fontkit().create(fs.readFileSync(face.file));
      face.drawn = new Set("characterSet" in font ? font.characterSet : []);
    } catch {
      face.drawn = new Set();
    }
  }
  return face.drawn;
}

/** Whether the face is loaded for the character (its unicode range) and has a glyph for it. */
const covers = (face: FontFace, cp: number) => inRanges(face, cp) && drawnBy(face).has(cp);

let latin: { faces: FontFace[]; fonts: SatoriFont[] } | undefined;
let cjk: FontFace[] | undefined;
const cjkData = new Map<string, Buffer>();

/**
 * One font name per subset file (satori keeps one font per name and weight), Latin first: the
 * family list names them all, and satori takes each glyph from the first that has it.
 */
const subsetName = (face: FontFace) => `Inter ${/inter-([a-z-]+)-\d{3}-normal\.woff$/.exec(face.file)?.[1] ?? "other"}`;
const SUBSET_ORDER = ["latin", "latin-ext", "vietnamese", "cyrillic", "cyrillic-ext", "greek", "greek-ext"];
const rank = (face: FontFace) => {
  const i = SUBSET_ORDER.indexOf(subsetName(face).slice("Inter ".length));
  return i < 0 ? SUBSET_ORDER.length : i;
};

function latinFonts() {
  if (!latin) {
    const faces = facesOf("@fontsource/inter").sort((a, b) => rank(a) - rank(b));
    latin = {
      faces,
      fonts: faces.map((f) => ({ name: subsetName(f), data: fs.readFileSync(f.file), weight: f.weight, style: "normal" })),
    };
  }
  return latin;
}

/** The CSS font-family list for the share image: every Inter subset, in order. */
export const fontFamily = (): string => [...new Set(latinFonts().faces.map(subsetName))].map((n) => `"${n}"`).join(", ");
/**
 * Noto Sans SC's and KR's chunks, for Chinese, Japanese and Korean only: their slices also list
 * a few letters of other scripts that the fonts do not draw.
 */
const CJK_BLOCKS: [number, number][] = [
  [0x1100, 0x11ff], // Hangul Jamo
  [0x2e80, 0x2fdf], // CJK radicals
  [0x3000, 0x30ff], // CJK punctuation, Hiragana, Katakana
  [0x3130, 0x318f], // Hangul compatibility Jamo
  [0x31f0, 0x31ff], // Katakana extensions
  [0x3400, 0x4dbf], // CJK extension A
  [0x4e00, 0x9fff], // CJK unified ideographs
  [0xac00, 0xd7af], // Hangul syllables
  [0xf900, 0xfaff], // CJK compatibility ideographs
  [0xff00, 0xffef], // half- and full-width forms
  [0x20000, 0x2ffff], // CJK extensions B and later
];
const isCjk = (cp: number) => CJK_BLOCKS.some(([a, b]) => cp >= a && cp <= b);
const cjkFaces = () => (cjk ??= [...facesOf("@fontsource/noto-sans-sc"), ...facesOf("@fontsource/noto-sans-kr")]);

/** The fonts every image starts with. */
export const baseFonts = (): SatoriFont[] => latinFonts().fonts;

/** Emoji and the characters that join, vary, tag or tint them; tested one character at a time. */
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3|[\u{e0020}-\u{e007f}]/u;
const isDrawable = (ch: string) => {
  const cp = ch.codePointAt(0)!;
  if (/\s/.test(ch)) return true;
  if (/\p{Cc}/u.test(ch)) return false;
  return (
    EMOJI.test(ch) ||
    // satori looks for a glyph in every font it was given, whatever the subset is meant for.
    latinFonts().faces.some((f) => drawnBy(f).has(cp)) ||
    (isCjk(cp) && cjkFaces().some((f) => covers(f, cp)))
  );
};

/** The text with every character no shipped font or emoji set can draw left out. */
export function drawableText(text: string): string {
  let out = "";
  for (const ch of text) if (isDrawable(ch)) out += ch;
  return out.replace(/\s+/g, " ").trim();
}

/** Twemoji's file name: code points in hex joined by '-', without FE0F unless a ZWJ sequence. */
export function twemojiName(segment: string): string {
  const s = segment.includes("\u200d") ? segment : segment.replaceAll("\ufe0f", "");
  return [...s].map((c) => c.codePointAt(0)!.toString(16)).join("-");
}

const BLANK_SVG = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 36 36"/>').toString("base64")}`;

function emojiImage(segment: string): string {
  const dir = packageDir("@twemoji/svg");
  for (const name of new Set([twemojiName(segment), twemojiName(segment.replaceAll("\ufe0f", ""))])) {
    const file = path.join(dir, `${name}.svg`);
    // Names are hex digits and hyphens only (twemojiName), so the path stays in the package.
    // eslint-disable-next-line security/detect-non-literal-fs-filename
    if (fs.existsSync(file)) return `data:image/svg+xml;base64,${fs.readFileSync(file).toString("base64")}`;
  }
  return BLANK_SVG; // an emoji Twemoji does not draw takes its space, blank
}

/**
 * satori's loadAdditionalAsset: a drawing for an emoji, or the CJK chunks that cover a segment
 * (read once, then kept: about a hundred small files per weight at most).
 */
export async function loadAdditionalAsset(code: string, segment: string): Promise<string | SatoriFont[]> {
  if (code === "emoji") return emojiImage(segment);
  const cps = [...segment].map((c) => c.codePointAt(0)!).filter(isCjk);
  return cjkFaces()
    .filter((face) => cps.some((cp) => inRanges(face, cp)))
    .map((face) => {
      let data = cjkData.get(face.file);
      if (!data) {
        data = fs.readFileSync(face.file);
        cjkData.set(face.file, data);
      }
      // One name per chunk: satori keeps one font per name and weight.
      return { name: path.basename(face.file, ".woff"), data, weight: face.weight, style: "normal" as const };
    });
}
