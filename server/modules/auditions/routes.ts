import express, { Router, type Request } from "express";
import { XMLBuilder } from "fast-xml-parser";
import { auditionStatusSchema, handInSchema, resumeHandInSchema, signRequestSchema } from "../../../shared/auditions";
import { throttleAddress } from "../../platform/http/client-address";
import { requireAdmin } from "../auth";
import type { Throttle } from "../../platform/limits/throttle";
import { AppError } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import type { AuditionsService } from "./service";
import { HAND_IN_REFUSALS } from "./refusals";
import { requestLanguage, sayFor } from "../languages";
import { candidateNoteSchema } from "../../../shared/mail";
import type { EditorsService } from "./editors";
import type { SettingsService } from "../settings";
import { accessLogSchema, LIMITS, unlockSchema } from "../../../shared/api";
import { sendPrivateFile } from "../../platform/http/send-private-file";

const xml = new XMLBuilder({});
const sendXml = (res: express.Response, body: unknown) =>
  res.type("application/xml").set("Cache-Control", "no-store").send(xml.build(body));

const tokenOf = (req: Request) => req.get("x-upload-token") ?? "";
/** The code travels in a header on the requests the uploader sends itself, percent-encoded (headers are Latin-1). */
function codeHeader(req: Request): string {
  try {
    return decodeURIComponent(req.get("x-audition-code") ?? "");
  } catch {
    return "";
  }
}

/**
 * Paths (under /api) the uploader sends bodies to that are not JSON: a part's bytes, and the
 * S3-style completion's XML list of parts (which the server does not need: it knows the parts).
 */
export function isHandInUploadBody(req: Request): boolean {
  return (
    (req.method === "PUT" && /^\/editors\/hand-ins\/[^/]+\/parts\/\d+$/.test(req.path)) ||
    (req.method === "POST" && /^\/editors\/hand-ins\/[^/]+\/complete$/.test(req.path))
  );
}

/**
 * The candidate's hand-in, under /api/editors/hand-ins (docs/product.md "Audition hand-in"): the
 * browser's uploader (@uppy/aws-s3 in its multipart mode) asks here for each address it sends to,
 * and the answers for the list of parts and the completion are the S3 XML it reads
 * (docs/decisions/014-audition-uploads.md). Every call that names the code is throttled like the unlock.
 */
export function handInsRouter(auditions: AuditionsService, throttle: Throttle): Router {
  const r = Router();
  /**
   * Counts a code's check against the audition's throttle, and gives the point back unless the
   * code was refused: a start refused for its network or the quota is no guess, and must not use
   * up the site-wide allowance that every candidate's hand-in passes through. `siteWide: false`
   * for calls that carry an upload's token (resume, complete): they guess nothing, so others'
   * wrong codes must not hold up a candidate's finished upload (docs/product.md "No one can
   * block or spoil the hand-in"); the network's own key still counts them.
   */
  async function throttled<T>(req: Request, check: () => Promise<T>, siteWide = true): Promise<T> {
    const keys: Record<string, string> = { "audition-ip": throttleAddress(req.ip) };
    if (siteWide) keys["audition-all"] = "all";
    await throttle.attempt(keys);
    try {
      const result = await check();
      await throttle.succeeded(keys);
      return result;
    } catch (err) {
      if (!(err instanceof AppError && err.code === "UNAUTHORIZED")) await throttle.succeeded(keys);
      throw err;
    }
  }

  r.post("/", async (req, res) => {
    const input = parse(handInSchema, req.body);
    res
      .status(201)
      .set("Cache-Control", "no-store")
      .json(await throttled(req, () => auditions.start(input, throttleAddress(req.ip))));
  });
  r.post("/:id/resume", async (req, res) => {
    const { code } = parse(resumeHandInSchema, req.body);
    res
      .set("Cache-Control", "no-store")
      .json(await throttled(req, () => auditions.resume(String(req.params.id), tokenOf(req), code), false));
  });
  r.post("/:id/sign", async (req, res) => {
    const request = parse(signRequestSchema, req.body);
    const id = String(req.params.id);
    res
      .set("Cache-Control", "no-store")
      .json(
        "partNumbers" in request
          ? { addresses: await auditions.signParts(id, tokenOf(req), request.partNumbers) }
          : await auditions.sign(id, tokenOf(req), request),
      );
  });
  r.put("/:id/parts/:n", async (req, res) => {
    const n = Number(req.params.n);
    if (!Number.isInteger(n) || n < 1) throw new AppError("NOT_FOUND", HAND_IN_REFUSALS.noSuchPart);
    const field = (name: string) => (typeof req.query[name] === "string" ? req.query[name] : "");
    const query = { offset: field("offset"), bytes: field("bytes"), expires: field("expires"), signature: field("signature") };
    try {
      const etag = await auditions.receivePart(String(req.params.id), n, query, req);
      res
        .set({ ETag: `"${etag}"`, "Cache-Control": "no-store" })
        .status(200)
        .end();
    } catch (err) {
      // The rest of a refused body is not read: the connection goes with the answer.
      if (!req.complete) res.set("Connection", "close");
      throw err;
    }
  });
  r.get("/:id/parts", async (req, res) => {
    const parts = await auditions.listParts(String(req.params.id), tokenOf(req));
    sendXml(res, { ListPartsResult: { Part: parts.map((p) => ({ PartNumber: p.partNumber, ETag: p.etag })) } });
  });
  r.post("/:id/complete", express.text({ type: () => true, limit: "256kb" }), async (req, res) => {
    const id = String(req.params.id);
    await throttled(req, () => auditions.complete(id, tokenOf(req), codeHeader(req)), false);
    sendXml(res, { CompleteMultipartUploadResult: { Location: `/api/editors/hand-ins/${id}`, Key: id } });
  });
  r.delete("/:id", async (req, res) => {
    await auditions.abort(String(req.params.id), tokenOf(req));
    res.status(204).end();
  });
  return r;
}

/** The owner's hand-ins, under /api/auditions (admin only, docs/product.md "Audition hand-in"). */
export function auditionsRouter(auditions: AuditionsService): Router {
  const r = Router();
  r.use(requireAdmin);
  r.get("/", async (_req, res) => {
    res.set("Cache-Control", "private, no-store").json(await auditions.list());
  });
  /** Uploads under way, which hold space in the inbox (docs/product.md "No one can block or spoil the hand-in"). */
  r.get("/uploads", async (_req, res) => {
    res.set("Cache-Control", "private, no-store").json(await auditions.listUploads());
  });
  r.delete("/uploads/:id", async (req, res) => {
    await auditions.removeUpload(String(req.params.id));
    res.status(204).end();
  });
  /** The file as an attachment; ranges are answered, so the owner's player seeks in a long WAV without loading it all. */
  r.get("/:id/file", async (req, res) => {
    await sendPrivateFile(req, res, await auditions.file(String(req.params.id)));
  });
  r.put("/:id", async (req, res) => {
    const { status } = parse(auditionStatusSchema, req.body);
    await auditions.setStatus(String(req.params.id), status);
    res.json({ id: String(req.params.id), status });
  });
  /** The owner's short note to the candidate, by e-mail (docs/product.md "E-mail"). */
  r.post("/:id/note", async (req, res) => {
    const { text } = parse(candidateNoteSchema, req.body);
    await auditions.sendNote(String(req.params.id), text, requestLanguage(req));
    res.set("Cache-Control", "no-store").json({ sent: true });
  });
  r.delete("/:id", async (req, res) => {
    await auditions.remove(String(req.params.id));
    res.status(204).end();
  });
  return r;
}

const userAgentOf = (ua: string | undefined) => (ua ?? "").slice(0, 500);

export function editorsRouter(editors: EditorsService, settings: SettingsService, throttle: Throttle): Router {
  const r = Router();
  r.post("/unlock", async (req, res) => {
    // Every wrong code gets the same answer, whatever its shape: one too long to be a code is
    // tried as an empty one (401 with the spec's words, counted and logged), not refused as a form.
    const raw = req.body as { password?: unknown } | null;
    const tooLong = typeof raw?.password === "string" && raw.password.length > LIMITS.auditionPassword;
    const { password } = parse(unlockSchema, tooLong ? { ...raw, password: "" } : req.body);
    const keys = { "audition-ip": throttleAddress(req.ip), "audition-all": "all" };
    await throttle.attempt(keys);
    const result = await editors.unlock(password, userAgentOf(req.get("user-agent")), sayFor(req));
    await throttle.succeeded(keys);
    res.set("Cache-Control", "no-store").json(result);
  });
  r.get("/password-status", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", "no-store").json({ isSet: await settings.isAuditionPasswordSet() });
  });
  return r;
}

export function accessLogRouter(editors: EditorsService): Router {
  const r = Router();
  r.get("/", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", "private, no-store").json(await editors.listLog());
  });
  r.post("/", async (req, res) => {
    const entry = parse(accessLogSchema, req.body);
    await editors.recordClientAttempt({ ...entry, userAgent: userAgentOf(entry.userAgent ?? req.get("user-agent")) });
    res.status(201).json({ saved: true });
  });
  return r;
}
