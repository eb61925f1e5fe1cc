import Negotiator from "negotiator";

export type Coding = "br" | "gzip";

/** Ours, best first: brotli is the smaller; identity is always there. */
const PREFERENCE = ["br", "gzip", "identity"] as const;

/** negotiator 1.x takes the server's preference for ties; its types (0.6) do not say so yet. */
type RankEncodings = (this: Negotiator, available: readonly string[], options: { preferred: readonly string[] }) => string[];

/**
 * The coding to send, of those `available`, by the client's Accept-Encoding as RFC 9110 reads it:
 * q-values decide (`br;q=0` refuses brotli, `gzip;q=0.5, br;q=0.1` prefers gzip), `*` stands for
 * any coding not named, our preference (brotli, gzip, identity) breaks ties, and no header means
 * identity. When the client refuses everything we have (`identity;q=0` alone), the body goes as
 * it is anyway: a 406 would help nobody.
 */
export function negotiateEncoding(acceptEncoding: string | undefined, available: readonly Coding[]): Coding | null {
  const negotiator = new Negotiator({ headers: { "accept-encoding": acceptEncoding } });
  const offered = PREFERENCE.filter((coding) => coding === "identity" || available.includes(coding));
  const ranked = (negotiator.encodings as unknown as RankEncodings).call(negotiator, offered, { preferred: PREFERENCE });
  const best = ranked[0];
  return best === "br" || best === "gzip" ? best : null;
}
