import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { makeOggOpus } from "../../test/opus";
import { makeWav } from "../../test/wav";
import { audioKindOf, extensionOf } from "./audio-kinds";

const recording = (name: string) =>
  readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), "../../test/fixtures/recordings", name));

describe("audio kinds", () => {
  it("when a file's first bytes are audio of an accepted kind, then its kind says the player's type and the download's extension", async () => {
    expect(await audioKindOf(makeWav({ seconds: 1 }), ["wav", "mp3"])).toEqual({ ext: "wav", contentType: "audio/wav", extension: "wav" });
    expect(await audioKindOf(recording("chromium.webm"), ["webm"])).toEqual({ ext: "webm", contentType: "audio/webm", extension: "webm" });
    expect(await audioKindOf(recording("chromium.mp4"), ["m4a", "mp4"])).toMatchObject({ contentType: "audio/mp4", extension: "m4a" });
    expect(await audioKindOf(makeOggOpus({ seconds: 1 }), ["ogg", "opus"])).toMatchObject({ contentType: "audio/ogg" });
  });

  it("when the bytes are audio of a kind the upload does not accept, or not audio, then there is no kind", async () => {
    expect(await audioKindOf(makeWav({ seconds: 1 }), ["webm", "ogg", "opus"])).toBeNull();
    expect(await audioKindOf(recording("chromium.webm"), ["mp3", "wav"])).toBeNull();
    expect(await audioKindOf(Buffer.from("%PDF-1.7\n"), ["mp3", "wav", "webm"])).toBeNull();
    expect(await audioKindOf(new Uint8Array(0), ["mp3"])).toBeNull();
  });

  it("when a download is named, then its extension is its checked type's, and 'bin' for a type no kind has", () => {
    expect(extensionOf("audio/mpeg")).toBe("mp3");
    expect(extensionOf("audio/ogg")).toBe("ogg");
    expect(extensionOf("audio/mp4")).toBe("m4a");
    expect(extensionOf("audio/x-matroska")).toBe("mka");
    expect(extensionOf("text/html")).toBe("bin");
    expect(extensionOf(null)).toBe("bin");
  });
});
