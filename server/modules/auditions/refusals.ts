import {
  AUDIO_FILE_HINT,
  HAND_INS_PER_CODE,
  type HAND_IN_MESSAGES,
  UPLOAD_IDLE_MINUTES,
  UPLOADS_PER_NETWORK,
} from "../../../shared/auditions";
import { words, type Words } from "../../platform/http/errors";

/**
 * Every refusal of a hand-in (shared/auditions.ts's HAND_IN_MESSAGES, in English) as words of the
 * catalogue, said in the candidate's language by the error handler.
 */
export const HAND_IN_REFUSALS = {
  codeNoLongerValid: words("handInRefusal.codeNoLongerValid"),
  usedUp: words("handInRefusal.usedUp", { count: HAND_INS_PER_CODE }),
  notAudio: words("handInRefusal.notAudio", { types: AUDIO_FILE_HINT }),
  tooBig: (maxMb: number) => words("handInRefusal.tooBig", { maxMb }),
  quotaFull: words("handInRefusal.quotaFull"),
  expired: words("handInRefusal.expired"),
  partsMissing: words("handInRefusal.partsMissing"),
  wrongSize: words("handInRefusal.wrongSize"),
  addressExpired: words("handIn.addressExpired"),
  networkBusy: words("handInRefusal.networkBusy", { uploads: UPLOADS_PER_NETWORK, minutes: UPLOAD_IDLE_MINUTES }),
  noSuchUpload: words("handInRefusal.noSuchUpload", { minutes: UPLOAD_IDLE_MINUTES }),
  underwayElsewhere: words("handInRefusal.underwayElsewhere"),
  completing: words("handInRefusal.completing"),
  stillCompleting: words("handInRefusal.stillCompleting"),
  alreadyHandedIn: words("handInRefusal.alreadyHandedIn"),
  otherBrowser: words("handInRefusal.otherBrowser"),
  noSuchPart: words("handInRefusal.noSuchPart"),
  addressNotOurs: words("handInRefusal.addressNotOurs"),
} as const satisfies Record<keyof typeof HAND_IN_MESSAGES, Words | ((maxMb: number) => Words)>;
