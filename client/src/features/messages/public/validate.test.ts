import { describe, expect, it } from "vitest";
import { MESSAGE_LIMITS } from "@shared/messages";
import { MAX_RECORDING_SECONDS, pickRecordingType } from "./recorder";
import { looksLikeEmail, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, MAX_TEXT_LENGTH, validateMessage } from "./validate";

const valid = { kind: "text" as const, text: "Hello", name: "", email: "", consent: true, hasRecording: false };

describe("the message form's rules", () => {
  it("when the form's limits are read, then they are the server's", () => {
    expect([MAX_TEXT_LENGTH, MAX_NAME_LENGTH, MAX_EMAIL_LENGTH, MAX_RECORDING_SECONDS]).toEqual([
      MESSAGE_LIMITS.textMax,
      MESSAGE_LIMITS.nameMax,
      MESSAGE_LIMITS.emailMax,
      MESSAGE_LIMITS.voiceSecondsMax,
    ]);
  });

  it("when a written message is 2000 characters after trimming, then it may be sent; 2001 is too long; blanks only is none", () => {
    expect(validateMessage({ ...valid, text: `  ${"a".repeat(2000)}  ` })).toEqual({});
    expect(validateMessage({ ...valid, text: "a".repeat(2001) })).toEqual({ text: "tooLong" });
    expect(validateMessage({ ...valid, text: " \n " })).toEqual({ text: "required" });
  });

  it("when consent is not ticked or a voice message has no recording, then each is asked for", () => {
    expect(validateMessage({ ...valid, consent: false })).toEqual({ consent: "required" });
    expect(validateMessage({ ...valid, kind: "voice", text: "" })).toEqual({ recording: "required" });
    expect(validateMessage({ ...valid, kind: "voice", text: "", hasRecording: true })).toEqual({});
  });

  it("when an e-mail is given, then it must read as an address", () => {
    for (const ok of ["a@b.example", "first.last+tag@mail.example.org"]) expect(looksLikeEmail(ok), ok).toBe(true);
    for (const bad of ["a", "a@b", "@b.example", "a@@b.example", "a b@c.example", "a@.example", "a@example."])
      expect(looksLikeEmail(bad), bad).toBe(false);
    expect(validateMessage({ ...valid, email: "nope" })).toEqual({ email: "invalid" });
  });

  it("when the browser is asked which type it records, then Opus in WebM comes first, then Opus in Ogg, then AAC in MP4, else none", () => {
    expect(pickRecordingType(() => true)).toBe("audio/webm;codecs=opus");
    expect(pickRecordingType((t) => t.startsWith("audio/ogg"))).toBe("audio/ogg;codecs=opus");
    expect(pickRecordingType((t) => t === "audio/mp4")).toBe("audio/mp4");
    expect(pickRecordingType(() => false)).toBeNull();
  });
});
