import { z } from "zod";

/**
 * Messages from listeners (docs/product.md "Messages"): what a visitor sends, the limits both
 * sides hold it to, and what the owner's inbox lists. The server checks with these schemas; the
 * visitor's form and the owner's inbox follow them.
 */
export const MESSAGE_LIMITS = {
  /** A written message, in characters after trimming. */
  textMax: 2_000,
  /** A voice message's length, in seconds. */
  voiceSecondsMax: 180,
  /** A voice message's file, in bytes (10 MiB). */
  voiceBytesMax: 10_485_760,
  /** Messages one network (IPv4 /24, IPv6 /48) may send in a UTC day. */
  perNetworkPerDay: 3,
  nameMax: 100,
  emailMax: 254,
  /** The owner's consent sentence (the setting messages_consent). */
  consentMax: 300,
} as const;

/** A voice message's upload address is valid this long; a message whose audio never arrives is then deleted. */
export const MESSAGE_UPLOAD_MINUTES = 60;
/** A proof-of-work challenge is valid this long. */
export const MESSAGE_CHALLENGE_MINUTES = 10;

const MESSAGE_KINDS = ["text", "voice"] as const;
type MessageKind = (typeof MESSAGE_KINDS)[number];

export const MESSAGE_STATUSES = ["new", "played", "archived"] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];

/** The recorders' types a voice message's upload may be sent as (the server decides by the bytes). */
export const MESSAGE_AUDIO_TYPES = ["audio/webm", "audio/ogg", "audio/mp4"] as const;

const noNul = (s: string) => !s.includes("\u0000");
/** An optional short text: trimmed, and empty means not given. */
const optionalLine = (max: number) =>
  z
    .string()
    .trim()
    .max(max, "validation.tooLong")
    .refine(noNul, "validation.noNul")
    .optional()
    .transform((s) => (s ? s : undefined));

/** POST /api/messages: a written message, or a voice message whose recording follows by PUT. */
export const messageSchema = z
  .strictObject({
    kind: z.enum(MESSAGE_KINDS, { error: "validation.notAllowedValue" }),
    text: z.string().trim().max(MESSAGE_LIMITS.textMax, "validation.tooLong").refine(noNul, "validation.noNul").optional(),
    name: optionalLine(MESSAGE_LIMITS.nameMax),
    email: z
      .union([z.literal(""), z.email("validation.email").max(MESSAGE_LIMITS.emailMax, "validation.tooLong")])
      .optional()
      .transform((s) => (s ? s : undefined)),
    episodeSlug: optionalLine(200),
    consent: z.literal(true, { error: "validation.consentRequired" }),
    /** The solved proof-of-work challenge (ALTCHA's payload, base64). */
    altcha: z.string().min(1, "validation.required").max(4_000, "validation.isTooLong"),
    /** The recorder's own figure for a voice message, used when the file does not say its length. */
    durationSeconds: z
      .number("validation.notNumber")
      .gt(0, "validation.tooSmall")
      .max(MESSAGE_LIMITS.voiceSecondsMax, "validation.tooBig")
      .optional(),
  })
  .superRefine((m, ctx) => {
    if (m.kind === "text" && !m.text) ctx.addIssue({ code: "custom", path: ["text"], message: "validation.required" });
    if (m.kind === "voice" && m.text) ctx.addIssue({ code: "custom", path: ["text"], message: "validation.notValid" });
  });
export type MessageInput = z.infer<typeof messageSchema>;

export const messageStatusSchema = z.strictObject({
  status: z.enum(MESSAGE_STATUSES, { error: "validation.messageStatus" }),
});

/** GET /api/messages/challenge: an ALTCHA challenge for the browser to solve. */
export interface MessageChallenge {
  algorithm: string;
  challenge: string;
  maxnumber: number;
  salt: string;
  signature: string;
}

/** POST /api/messages's answer: a written message has arrived; a voice message's recording goes to uploadUrl. */
export interface MessageCreated {
  id: string;
  uploadUrl?: string;
}

/** GET /api/messages, newest first (the owner's inbox): arrived messages only. */
export interface Message {
  id: string;
  kind: MessageKind;
  episodeSlug: string | null;
  episodeTitle: string | null;
  name: string | null;
  email: string | null;
  text: string | null;
  durationSeconds: number | null;
  status: MessageStatus;
  /** The audio's size in bytes (voice), null for a written message. */
  size: number | null;
  createdAt: string;
}

/** GET /api/messages/counts: for the dashboard. */
export interface MessageCounts {
  new: number;
}
