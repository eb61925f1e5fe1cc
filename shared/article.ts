/** One paragraph of a clip's article (docs/product.md §2 "Clip page"). */
export type ArticleParagraph = { kind: "plain"; text: string } | { kind: "labelled"; label: string; text: string };

/**
 * Article content splits into paragraphs on blank lines. A paragraph holding a colon shows the
 * text before the first colon as a bold label and the rest in quotes; others are plain.
 */
export function parseArticle(content: string | null | undefined): ArticleParagraph[] {
  if (!content) return [];
  return content
    .replace(/\r\n?/g, "\n")
    .split(/\n[ \t]*\n/)
    .map((p) => p.trim())
    .filter((p) => p !== "")
    .map((p): ArticleParagraph => {
      const colon = p.indexOf(":");
      if (colon <= 0) return { kind: "plain", text: p };
      const label = p.slice(0, colon).trim();
      if (label === "") return { kind: "plain", text: p };
      return { kind: "labelled", label, text: p.slice(colon + 1).trim() };
    });
}
