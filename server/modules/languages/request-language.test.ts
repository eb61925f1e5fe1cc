import { describe, expect, it } from "vitest";
import { requestLanguage, sayFor } from "./request-language";

const asking = (acceptLanguage?: string) => ({ headers: acceptLanguage === undefined ? {} : { "accept-language": acceptLanguage } });

describe("requestLanguage", () => {
  it("when a request asks for languages the site speaks, then it gets the one it prefers most, by its quality values", () => {
    expect(requestLanguage(asking("de"))).toBe("de");
    expect(requestLanguage(asking("fr-CA, en;q=0.5"))).toBe("fr");
    expect(requestLanguage(asking("xx, el;q=0.2, ar;q=0.1"))).toBe("el");
    expect(requestLanguage(asking("pt-br"))).toBe("pt-BR");
  });

  it("when it asks for a language in a region the site has not, then it gets the same language (pt-PT: Brazilian Portuguese)", () => {
    expect(requestLanguage(asking("pt-PT"))).toBe("pt-BR");
    expect(requestLanguage(asking("es-419"))).toBe("es");
  });

  it("when it asks for nothing, for anything, or only for languages the site does not speak, then it gets English", () => {
    expect(requestLanguage(asking())).toBe("en");
    expect(requestLanguage(asking(""))).toBe("en");
    expect(requestLanguage(asking("*"))).toBe("en");
    expect(requestLanguage(asking("ja, zh;q=0.9"))).toBe("en");
    expect(requestLanguage(asking("not a language"))).toBe("en");
  });

  it("when the server says its words for a request, then they are in that request's language", () => {
    expect(sayFor(asking("it"))("error.episodeNotFound")).toBe("Episodio non trovato");
    expect(sayFor(asking())("error.episodeNotFound")).toBe("Episode not found");
  });
});
