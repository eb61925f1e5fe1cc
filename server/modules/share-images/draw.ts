import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { bodyTheme } from "../../../shared/theme-style";
import type { Theme } from "../../../shared/theme";
import { baseFonts, drawableText, fontFamily, loadAdditionalAsset } from "./fonts";

import { QUOTE_MARK } from "./quote-mark";
import { SHARE_IMAGE_HEIGHT, SHARE_IMAGE_WIDTH } from "./size";

export interface ShareImageInput {
  headline: string;
  /** Shown in quotation marks when the headline is a quote. */
  isQuote: boolean;
  /** The language's quotation marks around QUOTE_MARK (`share.quote`, "“…”"; quote-mark.ts), for a quote. */
  quoteWords: string;
  footer: string;
  theme: Theme | null;
  /** The site's language: the card's words are in it, so its key changes with it. */
  language: string;
}

type Node = { type: string; props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown } };
const el = (type: string, style: Record<string, unknown>, children?: unknown): Node => ({ type, props: { style, children } });

function headlineSize(text: string): number {
  if (text.length <= 50) return 68;
  if (text.length <= 100) return 56;
  if (text.length <= 150) return 46;
  return 40;
}

/** The image as SVG: text laid out by satori in the site's current theme colours. */
async function shareImageSvg(input: ShareImageInput): Promise<string> {
  const { vars } = bodyTheme(input.theme);
  // What no shipped font draws is left out; a headline that loses more than half of itself to
  // that (a script the fonts lack) gives way to the footer rather than showing in pieces.
  const own = drawableText(input.headline);
  const whole = own.length * 2 >= input.headline.trim().length;
  const text =
    own && whole ? (input.isQuote ? drawableText(input.quoteWords.replace(QUOTE_MARK, () => own)) : own) : drawableText(input.footer);
  const tree = el(
    "div",
    {
      width: SHARE_IMAGE_WIDTH,
      height: SHARE_IMAGE_HEIGHT,
      display: "flex",
      flexDirection: "column",
      backgroundImage: `linear-gradient(135deg, ${vars["--bg-start"]}, ${vars["--bg-end"]})`,
      fontFamily: fontFamily(),
    },
    el(
      "div",
      {
        display: "flex",
        flexDirection: "column",
        justifyContent: "space-between",
        flexGrow: 1,
        padding: "72px 80px",
        backgroundColor: vars["--scrim"],
        color: vars["--fg"],
      },
      [
        el(
          "div",
          {
            display: "flex",
            flexGrow: 1,
            alignItems: "center",
            fontSize: headlineSize(text),
            fontWeight: 700,
            lineHeight: 1.2,
            letterSpacing: "-0.01em",
          },
          text,
        ),
        el("div", { display: "flex", alignItems: "center", fontSize: 30, fontWeight: 400, opacity: 0.9 }, [
          el("div", { width: 14, height: 14, borderRadius: 7, backgroundColor: vars["--fg"], marginRight: 18 }),
          drawableText(input.footer),
        ]),
      ],
    ),
  );
  return satori(tree as Parameters<typeof satori>[0], {
    width: SHARE_IMAGE_WIDTH,
    height: SHARE_IMAGE_HEIGHT,
    fonts: baseFonts(),
    loadAdditionalAsset,
  });
}

/** A 1200×630 PNG, drawn by resvg (run it in the share-image worker, off the event loop). */
export async function renderShareImage(input: ShareImageInput): Promise<Buffer> {
  const svg = await shareImageSvg(input);
  return new Resvg(svg, { fitTo: { mode: "width", value: SHARE_IMAGE_WIDTH }, font: { loadSystemFonts: false } }).render().asPng();
}
