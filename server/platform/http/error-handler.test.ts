import { describe, expect, it } from "vitest";
import { codeForStatus, STATUS_BY_CODE } from "../../../shared/errors";
import { AppError, sayWords, words } from "./errors";
import { classify } from "./error-handler";

/** A driver error as pg raises it (a SQLSTATE on `code`), wrapped as Drizzle wraps it. */
const pgError = (code: string) =>
  Object.assign(new Error("Failed query: select ... params: secret"), { cause: Object.assign(new Error("driver"), { code }) });

describe("classify", () => {
  it("when PostgreSQL answers with a SQLSTATE, then its class decides the code, never the message", () => {
    expect(classify(pgError("23505")).code).toBe("CONFLICT");
    expect(classify(pgError("23503")).code).toBe("CONFLICT");
    expect(classify(pgError("23514")).code).toBe("VALIDATION");
    expect(classify(pgError("22021")).code).toBe("BAD_REQUEST"); // a NUL byte in text
    expect(classify(pgError("40001")).code).toBe("UNAVAILABLE");
    expect(classify(pgError("57014")).code).toBe("UNAVAILABLE");
    expect(classify(pgError("57P01")).code).toBe("UNAVAILABLE");
    expect(classify(pgError("08006")).code).toBe("UNAVAILABLE");
    expect(classify(pgError("53300")).code).toBe("UNAVAILABLE");
    expect(classify(pgError("42P01")).code).toBe("INTERNAL"); // a bug of ours, not the client's
  });

  it("when the message mentions nothing but the code is unknown, then it is an internal error without details", () => {
    const out = classify(new Error("column x does not exist"));
    expect(out).toEqual({ code: "INTERNAL", words: { key: "error.internal" }, message: "error.internal" });
  });

  it("when a service throws AppError with options, then code, words, field errors and Retry-After pass through", () => {
    const err = new AppError("TOO_MANY_REQUESTS", "error.tooManyTries", {
      retryAfter: 30,
      errors: [{ path: "x", message: words("validation.required") }],
    });
    expect(classify(err)).toEqual({
      code: "TOO_MANY_REQUESTS",
      words: { key: "error.tooManyTries" },
      message: "error.tooManyTries",
      retryAfter: 30,
      errors: [{ path: "x", message: { key: "validation.required" } }],
    });
    expect(err.status).toBe(429);
  });
});

describe("sayWords", () => {
  const say = (key: string, values?: Record<string, unknown>) => `${key}${values ? JSON.stringify(values) : ""}`;

  it("when words carry words among their values, then those are said first, in the same language", () => {
    const problem = words("validation.tooLong", { maximum: 5 });
    expect(sayWords(words("error.invalidRequestField", { field: "title", problem }), say)).toBe(
      'error.invalidRequestField{"field":"title","problem":"validation.tooLong{\\"maximum\\":5}"}',
    );
  });
});

describe("codeForStatus", () => {
  it("when an answer has no JSON body (a proxy's page), then its status maps to the code it stands for", () => {
    expect(codeForStatus(401)).toBe("UNAUTHORIZED");
    expect(codeForStatus(502)).toBe("UNAVAILABLE");
    expect(codeForStatus(418)).toBe("BAD_REQUEST");
    for (const [code, status] of Object.entries(STATUS_BY_CODE)) expect(STATUS_BY_CODE[codeForStatus(status)], code).toBe(status);
  });
});
