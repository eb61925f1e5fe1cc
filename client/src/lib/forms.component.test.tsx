import { act, render, screen } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { compileCatalogue } from "@shared/locales/compile";
import germanRules from "@shared/locales/de/validation.json";
import { InEnglish } from "@/test/language";
import { useSchemaForm } from "./forms";
import { createI18n, LanguageProvider } from "./i18n";

const schema = z.strictObject({
  title: z.string().trim().min(1, "validation.required").max(5, "validation.tooLong"),
  link: z.string().refine((v) => v.startsWith("https://"), "validation.httpAddress"),
});

/** A form on the shared rules: its fields' messages as the form state holds them. */
function TitleForm() {
  const form = useSchemaForm(schema, { defaultValues: { title: "far too long", link: "ftp://x" } });
  const { errors } = form.formState;
  return (
    <form onSubmit={form.handleSubmit(() => {})}>
      <button type="submit">Save</button>
      <p data-testid="title">{errors.title?.message}</p>
      <p data-testid="link">{errors.link?.message}</p>
    </form>
  );
}

function InGerman({ children }: { children: ReactNode }) {
  return (
    <LanguageProvider i18n={createI18n("de", compileCatalogue(germanRules) as Parameters<typeof createI18n>[1])}>
      {children}
    </LanguageProvider>
  );
}

describe("useSchemaForm", () => {
  it("when a field breaks a shared rule on an English page, then its message is the product's English, with the rule's limit", async () => {
    render(<TitleForm />, { wrapper: InEnglish });
    await act(async () => screen.getByRole("button", { name: "Save" }).click());
    expect(screen.getByTestId("title").textContent).toBe("must be at most 5 characters");
    expect(screen.getByTestId("link").textContent).toBe("must be an http or https address");
  });

  it("when the page speaks German, then the same rules say their messages in German", async () => {
    render(<TitleForm />, { wrapper: InGerman });
    await act(async () => screen.getByRole("button", { name: "Save" }).click());
    expect(screen.getByTestId("title").textContent).toBe("darf höchstens 5 Zeichen lang sein");
    expect(screen.getByTestId("link").textContent).toBe("muss eine http- oder https-Adresse sein");
  });
});
