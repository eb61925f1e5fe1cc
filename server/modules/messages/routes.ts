import { Router, type Request, type RequestHandler } from "express";
import ipaddr from "ipaddr.js";
import { MESSAGE_AUDIO_TYPES, messageSchema, messageStatusSchema } from "../../../shared/messages";
import { AppError } from "../../platform/http/errors";
import { parse } from "../../platform/http/validate";
import { MESSAGE_REFUSALS } from "./refusals";
import type { MessagesService } from "./service";
import { sendPrivateFile } from "../../platform/http/send-private-file";

const AUDIO_PATH = /^\/messages\/[^/]+\/audio$/;

/** The recording's PUT (under /api): a public write whose body is audio, not JSON. */
export function isMessageAudioBody(req: Pick<Request, "method" | "path">): boolean {
  return req.method === "PUT" && AUDIO_PATH.test(req.path);
}

/**
 * The network a sender's messages count against: an IPv4 /24 or an IPv6 /48 (a home or an office),
 * so a client cannot rotate through its neighbours' addresses. Kept only inside a keyed hash.
 */
function messageNetworkOf(ip: string | undefined): string {
  if (!ip || !ipaddr.isValid(ip)) return ip || "unknown";
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === "ipv4") return `${(parsed as ipaddr.IPv4).octets.slice(0, 3).join(".")}.0/24`;
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 3);
  return `${parts.map((p) => p.toString(16)).join(":")}::/48`;
}

/** The recorder's type, without its parameters, when it is one a message may be sent as. */
function isRecorderType(header: string | undefined): boolean {
  const type = (header ?? "").split(";")[0]!.trim().toLowerCase();
  return (MESSAGE_AUDIO_TYPES as readonly string[]).includes(type) || type === "video/webm";
}

const noStore = "no-store";
const privateNoStore = "private, no-store";

/**
 * The messages under /api/messages (docs/product.md "Messages"): a visitor's challenge, message and
 * recording; the owner's inbox (the admin guard), its counts, a recording's file with ranges,
 * statuses and deletion.
 */
export function messagesRouter(messages: MessagesService, requireAdmin: RequestHandler): Router {
  const r = Router();
  r.get("/challenge", async (_req, res) => {
    res.set("Cache-Control", noStore).json(await messages.challenge());
  });
  r.post("/", async (req, res) => {
    // Off first: a site that takes no messages says so, whatever was sent.
    if (!(await messages.isEnabled())) throw new AppError("NOT_FOUND", MESSAGE_REFUSALS.off);
    const input = parse(messageSchema, req.body);
    res
      .status(201)
      .set("Cache-Control", noStore)
      .json(await messages.create(input, messageNetworkOf(req.ip)));
  });
  r.put("/:id/audio", async (req, res) => {
    try {
      if (!isRecorderType(req.get("content-type"))) throw new AppError("UNSUPPORTED_MEDIA_TYPE", MESSAGE_REFUSALS.notAudio);
      const length = req.get("content-length");
      const token = typeof req.query.token === "string" ? req.query.token : "";
      const declaredBytes = length !== undefined && /^\d+$/.test(length) ? Number(length) : null;
      const result = await messages.receive(String(req.params.id), token, {
        contentType: req.get("content-type") ?? "",
        declaredBytes,
        body: req,
      });
      res.status(201).set("Cache-Control", noStore).json(result);
    } catch (err) {
      // The rest of a refused body is not read: the connection goes with the answer.
      if (!req.complete) res.set("Connection", "close");
      throw err;
    }
  });

  r.get("/", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", privateNoStore).json(await messages.list());
  });
  r.get("/counts", requireAdmin, async (_req, res) => {
    res.set("Cache-Control", privateNoStore).json(await messages.counts());
  });
  /** The recording as an attachment; ranges are answered, so the owner's player seeks. */
  r.get("/:id/file", requireAdmin, async (req, res) => {
    await sendPrivateFile(req, res, await messages.file(String(req.params.id)));
  });
  r.put("/:id", requireAdmin, async (req, res) => {
    const { status } = parse(messageStatusSchema, req.body);
    res.set("Cache-Control", privateNoStore).json(await messages.setStatus(String(req.params.id), status));
  });
  r.delete("/:id", requireAdmin, async (req, res) => {
    await messages.remove(String(req.params.id));
    res.status(204).end();
  });
  return r;
}
