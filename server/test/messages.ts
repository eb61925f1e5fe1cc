import type supertest from "supertest";
import type { AppDeps } from "../app";
import { solveMessageChallenge } from "../../shared/message-challenge";
import type { MessageChallenge } from "../../shared/messages";

type Requester = ReturnType<typeof supertest> | ReturnType<typeof supertest.agent>;

/** What the tests give an app for messages: an easy challenge (a real site asks up to 100,000 tries). */
export const EASY_MESSAGES = { messages: { challengeMaxNumber: 1_000 } } satisfies Partial<AppDeps>;

/** A challenge from the site, solved. */
export async function solvedChallenge(request: Requester, network?: string): Promise<string> {
  const get = request.get("/api/messages/challenge");
  if (network) void get.set("X-Forwarded-For", network);
  const res = await get.expect(200);
  return solveMessageChallenge(res.body as MessageChallenge);
}

/** Sends a message past a freshly solved challenge from `network`, expecting `status`. */
export async function sendMessage(request: Requester, fields: Record<string, unknown>, network: string | undefined, status: number) {
  const altcha = await solvedChallenge(request, network);
  const post = request.post("/api/messages").send({ consent: true, altcha, ...fields });
  if (network) void post.set("X-Forwarded-For", network);
  return post.expect(status);
}

/** Turns messages on (or off) as the owner does. */
export async function setMessagesEnabled(admin: ReturnType<typeof supertest.agent>, on: boolean): Promise<void> {
  await admin
    .post("/api/settings")
    .send({ key: "messages_enabled", value: on ? "true" : "false" })
    .expect(200);
}
