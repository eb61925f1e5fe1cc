import { fileTypeFromBuffer } from "file-type";

/**
 * Every kind of audio file the site takes from someone, by file-type's name for its signature:
 * the type the owner's player is given and the extension a download is saved with. Each upload
 * (a hand-in, a listener's recording) names the kinds it accepts; an MP4 container the signature
 * cannot tell from a video is taken as M4A audio.
 */
const AUDIO_KINDS = {
  mp3: { contentType: "audio/mpeg", extension: "mp3" },
  wav: { contentType: "audio/wav", extension: "wav" },
  flac: { contentType: "audio/flac", extension: "flac" },
  m4a: { contentType: "audio/mp4", extension: "m4a" },
  mp4: { contentType: "audio/mp4", extension: "m4a" },
  aac: { contentType: "audio/aac", extension: "aac" },
  ogg: { contentType: "audio/ogg", extension: "ogg" },
  oga: { contentType: "audio/ogg", extension: "ogg" },
  opus: { contentType: "audio/ogg", extension: "opus" },
  webm: { contentType: "audio/webm", extension: "webm" },
  mkv: { contentType: "audio/x-matroska", extension: "mka" },
} as const;

export type AudioExt = keyof typeof AUDIO_KINDS;

export interface AudioKind {
  /** file-type's name for the signature. */
  ext: AudioExt;
  contentType: string;
  extension: string;
}

/** The kind of audio `head` (a file's first bytes) begins, among `accepted`; null for anything else. */
export async function audioKindOf(head: Uint8Array, accepted: readonly AudioExt[]): Promise<AudioKind | null> {
  const type = await fileTypeFromBuffer(head);
  const ext = accepted.find((kind) => kind === type?.ext);
  return ext ? { ext, ...AUDIO_KINDS[ext] } : null;
}

/** The extension a file of a checked type is saved with ("bin" for a type no kind has). */
export function extensionOf(contentType: string | null): string {
  return Object.values(AUDIO_KINDS).find((kind) => kind.contentType === contentType)?.extension ?? "bin";
}
