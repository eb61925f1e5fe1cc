/**
 * Sending a message (the API's contract in docs/product.md "Messages from listeners"): the
 * server's proof-of-work challenge solved here in the browser, the message posted, then a voice
 * message's recording sent with XHR so its upload shows real progress. Loaded with the form.
 */
import { solveMessageChallenge } from "@shared/message-challenge";
import type { MessageChallenge as Challenge, MessageCreated } from "@shared/messages";
import { ApiError, apiClient } from "@/lib/api-client";

export interface MessageDraft {
  kind: "voice" | "text";
  text?: string;
  name?: string;
  email?: string;
  episodeSlug?: string;
  recording?: { blob: Blob; seconds: number };
}

export type SendStep = { step: "checking" } | { step: "sending" } | { step: "uploading"; percent: number };

/** An XHR's error answer as the API's one error. */
function errorOf(xhr: XMLHttpRequest): ApiError {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown; code?: string };
    if (typeof body.message === "string") return new ApiError(xhr.status, { ...body, message: body.message } as never);
  } catch {
    /* not JSON */
  }
  return new ApiError(xhr.status, { message: `${xhr.status}: ${xhr.statusText}` });
}

/** PUTs the recording, raw, reporting the share sent (0..100). */
function putRecording(url: string, blob: Blob, onPercent: (percent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", blob.type || "application/octet-stream");
    xhr.setRequestHeader("Accept", "application/json");
    const language = document.documentElement.lang;
    if (language) xhr.setRequestHeader("Accept-Language", language);
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onPercent(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    });
    xhr.addEventListener("load", () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(errorOf(xhr))));
    xhr.addEventListener("error", () => reject(new TypeError("network")));
    xhr.addEventListener("abort", () => reject(new TypeError("aborted")));
    xhr.send(blob);
  });
}

/** Sends a message: resolves once it has arrived; rejects with the server's refusal (an ApiError) or a network failure. */
export async function sendMessage(draft: MessageDraft, onStep: (step: SendStep) => void): Promise<void> {
  onStep({ step: "checking" });
  const challenge = await apiClient.get<Challenge>("/api/messages/challenge");
  const altcha = await solveMessageChallenge(challenge);
  onStep({ step: "sending" });
  const created = await apiClient.post<MessageCreated>("/api/messages", {
    kind: draft.kind,
    ...(draft.kind === "text" ? { text: draft.text } : { durationSeconds: Math.max(0.1, Math.round(draft.recording!.seconds * 10) / 10) }),
    ...(draft.name ? { name: draft.name } : {}),
    ...(draft.email ? { email: draft.email } : {}),
    ...(draft.episodeSlug ? { episodeSlug: draft.episodeSlug } : {}),
    consent: true,
    altcha,
  });
  if (draft.kind === "voice") {
    if (!created.uploadUrl) throw new Error("no upload address");
    onStep({ step: "uploading", percent: 0 });
    await putRecording(created.uploadUrl, draft.recording!.blob, (percent) => onStep({ step: "uploading", percent }));
  }
}
