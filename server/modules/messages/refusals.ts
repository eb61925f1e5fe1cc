import { MESSAGE_LIMITS } from "../../../shared/messages";
import { words } from "../../platform/http/errors";

/** Every refusal of a listener's message, in the catalogue's words, said in the sender's language by the error handler. */
export const MESSAGE_REFUSALS = {
  off: words("messageRefusal.off"),
  unavailable: words("messageRefusal.unavailable"),
  challengeFailed: words("messageRefusal.challengeFailed"),
  noEpisode: words("messageRefusal.noEpisode"),
  tooMany: words("messageRefusal.tooMany", { count: MESSAGE_LIMITS.perNetworkPerDay }),
  tooBig: words("messageRefusal.tooBig", { maxMb: MESSAGE_LIMITS.voiceBytesMax / 1024 / 1024 }),
  tooLong: words("messageRefusal.tooLong", { minutes: MESSAGE_LIMITS.voiceSecondsMax / 60 }),
  notAudio: words("messageRefusal.notAudio"),
  quotaFull: words("messageRefusal.quotaFull"),
  uploadGone: words("messageRefusal.uploadGone"),
  notFound: words("error.messageNotFound"),
} as const;
