import express from "express";
import pino from "pino";
import supertest from "supertest";
import { describe, expect, it } from "vitest";
import { requestLogger } from "./request-logger";

/** An app that answers 429 to /busy and 404 to anything else, logging into `lines`. */
function loggedApp(lines: string[]) {
  const app = express();
  app.use(requestLogger(pino({ level: "info" }, { write: (line: string) => lines.push(line) }), (req) => String(req.headers["x-client"])));
  app.get("/busy", (_req, res) => res.status(429).end());
  return app;
}

describe("the request log", () => {
  it("when one client is refused (429) again and again, then one line is logged for it a minute, and another client's refusal has its own", async () => {
    const lines: string[] = [];
    const app = loggedApp(lines);
    for (let i = 0; i < 30; i++) await supertest(app).get("/busy").set("X-Client", "a").expect(429);
    await supertest(app).get("/busy").set("X-Client", "b").expect(429);
    expect(lines.filter((l) => l.includes('"statusCode":429'))).toHaveLength(2);
  });

  it("when requests fail otherwise (404), then each is logged", async () => {
    const lines: string[] = [];
    const app = loggedApp(lines);
    for (let i = 0; i < 3; i++) await supertest(app).get("/nope").set("X-Client", "a").expect(404);
    expect(lines.filter((l) => l.includes('"statusCode":404'))).toHaveLength(3);
  });
});
