/** The message form's rules, checked before anything is sent (the server checks them again). */

// The server's limits (MESSAGE_LIMITS in shared/messages.ts, which validate.test.ts holds these to),
// written out: that file brings zod, which a visitor's chunk does without.
/** The longest written message, in characters (after trimming), as the server counts it. */
export const MAX_TEXT_LENGTH = 2000;
export const MAX_NAME_LENGTH = 100;
export const MAX_EMAIL_LENGTH = 254;

export interface MessageFormValues {
  kind: "voice" | "text";
  text: string;
  name: string;
  email: string;
  consent: boolean;
  hasRecording: boolean;
}

export type MessageFormErrors = Partial<Record<"text" | "recording" | "email" | "consent", "required" | "tooLong" | "invalid">>;

/** An address with one @, something before it and a dot-separated host after it; no spaces. */
export function looksLikeEmail(value: string): boolean {
  const at = value.indexOf("@");
  if (at < 1 || at !== value.lastIndexOf("@") || /\s/.test(value)) return false;
  const host = value.slice(at + 1);
  return host.includes(".") && !host.startsWith(".") && !host.endsWith(".");
}

/** What is wrong with the form, by field; empty when it can be sent. */
export function validateMessage(values: MessageFormValues): MessageFormErrors {
  const errors: MessageFormErrors = {};
  if (values.kind === "text") {
    const text = values.text.trim();
    if (text.length === 0) errors.text = "required";
    else if (text.length > MAX_TEXT_LENGTH) errors.text = "tooLong";
  } else if (!values.hasRecording) errors.recording = "required";
  const email = values.email.trim();
  if (email && (email.length > MAX_EMAIL_LENGTH || !looksLikeEmail(email))) errors.email = "invalid";
  if (!values.consent) errors.consent = "required";
  return errors;
}
