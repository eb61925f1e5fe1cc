import { render, screen } from "@testing-library/react";
import { QueryClientProvider } from "@tanstack/react-query";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { InEnglish } from "@/test/language";
import { useForm } from "react-hook-form";
import { SEARCH_DESCRIPTION_CHARS, SEARCH_TITLE_CHARS, SearchFields, SearchResultPreview, searchSnippet } from "./search-fields";

describe("a search result's words", () => {
  it("when a text fits, then it is shown whole, its spaces run together", () => {
    expect(searchSnippet("  Pain   and\nlearning ", 60)).toBe("Pain and learning");
    expect(searchSnippet("x".repeat(160), 160)).toBe("x".repeat(160));
  });

  it("when a text is longer than the room, then it is cut after a whole word with an ellipsis, within the room", () => {
    const title = "Why the knee hurts on the stairs, and what a physiotherapist would do about it";
    const cut = searchSnippet(title, SEARCH_TITLE_CHARS);
    expect(cut).toBe("Why the knee hurts on the stairs, and what a…");
    expect(cut.length).toBeLessThanOrEqual(SEARCH_TITLE_CHARS);
    const long = "word ".repeat(60);
    expect(searchSnippet(long, SEARCH_DESCRIPTION_CHARS)).toMatch(/^(word ){31}word…$/);
    // One word longer than the room is cut inside it.
    expect(searchSnippet("a".repeat(200), 60)).toBe(`${"a".repeat(59)}…`);
  });

  it("when the preview is drawn, then it shows the cut title, the address and the description; without one, what the page says instead", () => {
    const wrap = ({ children }: { children: React.ReactNode }) => (
      <QueryClientProvider client={createQueryClient()}>
        <InEnglish>{children}</InEnglish>
      </QueryClientProvider>
    );
    const { rerender } = render(
      <SearchResultPreview title={"T".repeat(80)} url="https://show.example/episode/t" description={"d ".repeat(120)} />,
      {
        wrapper: wrap,
      },
    );
    const figure = screen.getByRole("figure", { name: "Search result preview" });
    expect(figure.querySelector('[data-part="title"]')!.textContent).toBe(`${"T".repeat(59)}…`);
    expect(figure.querySelector('[data-part="url"]')!.textContent).toBe("https://show.example/episode/t");
    expect(figure.querySelector('[data-part="description"]')!.textContent!.length).toBeLessThanOrEqual(SEARCH_DESCRIPTION_CHARS);
    expect(figure.querySelector('[data-part="description"]')!.textContent).toMatch(/d…$/);
    rerender(<SearchResultPreview title="T" url="https://show.example/episode/t" description="" />);
    expect(figure.querySelector('[data-part="description"]')!.textContent).toBe("No description yet: the show's description is shown.");
  });
});

describe("the address in the preview", () => {
  function Fields({ title }: { title: string }) {
    const form = useForm({ defaultValues: { title, slug: "", metaDescription: "", description: "" } });
    return <SearchFields form={form} kind="episodes" pathOf={(slug) => `/episode/${slug}`} fallbackFrom={["description"]} />;
  }
  const wrap = ({ children }: { children: React.ReactNode }) => (
    <QueryClientProvider client={createQueryClient()}>
      <InEnglish>{children}</InEnglish>
    </QueryClientProvider>
  );

  it("when the slug is blank and the title gives none, then the preview shows the address the server will make, not an ellipsis", () => {
    const url = () => screen.getByRole("figure", { name: "Search result preview" }).querySelector('[data-part="url"]')!.textContent;
    const { unmount } = render(<Fields title="" />, { wrapper: wrap });
    expect(url()).toBe(`${window.location.origin}/episode/episode`);
    unmount();
    render(<Fields title="你好世界" />, { wrapper: wrap });
    expect(url()).toBe(`${window.location.origin}/episode/episode`);
  });
});
