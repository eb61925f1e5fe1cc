import dns from "node:dns";
import net, { type LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";

/**
 * The one rule for which addresses this site may connect to when it reads another host
 * (docs/decisions/008-feed-parser.md): an IPv4 address outside every special range ipaddr.js
 * knows (loopback, private, link-local, CGNAT, broadcast, reserved...), or an IPv6 address in
 * global unicast (2000::/3) outside the special ranges within it (6to4, Teredo, documentation,
 * benchmarking, ORCHID...). Everything else in IPv6 is refused, IPv4-compatible `::a.b.c.d`
 * included, because a router may hand such an address to IPv4; an IPv4-mapped `::ffff:a.b.c.d` is
 * judged as the IPv4 address it names.
 */
const GLOBAL_UNICAST = ipaddr.parseCIDR("2000::/3");

export function isPublicAddress(address: string): boolean {
  const ip = parse(address);
  if (!ip) return false;
  if (ip.kind() === "ipv4") return ip.range() === "unicast";
  return ip.match(GLOBAL_UNICAST) && ip.range() === "unicast";
}

/** An IPv4-mapped address comes back as its IPv4 address; anything unreadable (a zone index too) as null. */
function parse(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const family = net.isIP(address);
  if (family === 4) return ipaddr.IPv4.parse(address);
  if (family !== 6) return null;
  let hex: string;
  try {
    // ipaddr.js reads any dotted tail as IPv4-mapped ("::8.8.8.8" as "::ffff:8.8.8.8"), so the
    // address is first written in hex by the URL parser, which keeps "::8.8.8.8" as "::808:808".
    hex = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  return ipaddr.process(hex);
}

export class PrivateAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = "PrivateAddressError";
  }
}

/**
 * A host name lookup that fails unless every address found passes `isPublicAddress`: the check
 * on the address actually connected to, after DNS, so a name cannot lead to a private host.
 */
export function publicOnlyLookup(lookup: LookupFunction = dns.lookup): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (err, address, family) => {
      if (err) return callback(err, address, family);
      const found = typeof address === "string" ? [address] : address.map((a) => a.address);
      const refused = found.find((a) => !isPublicAddress(a));
      if (refused !== undefined) return callback(new PrivateAddressError(hostname, refused), "", 0);
      callback(null, address, family);
    });
  };
}
