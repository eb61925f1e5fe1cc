import net from "node:net";
import ipaddr from "ipaddr.js";

/**
 * The part of a client's address that throttles count against. An IPv6 host is usually given a
 * whole /64 (servers and home routers alike), so counting single IPv6 addresses lets one client
 * rotate through billions; IPv4 addresses, and IPv6 spellings of them, count one by one.
 */
export function throttleAddress(ip: string | undefined): string {
  // Most clients: an IPv4 address in dotted decimal, which Node accepts only as ipaddr.js writes it
  // (no leading zeros), so it is its own key without being parsed three times.
  if (ip && net.isIPv4(ip)) return ip;
  if (!ip || !ipaddr.isValid(ip)) return ip || "unknown";
  const parsed = ipaddr.process(ip); // an IPv4-mapped IPv6 address becomes its IPv4 address
  if (parsed.kind() === "ipv4") return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4);
  return `${ipaddr.fromByteArray([...parts.flatMap((p) => [p >> 8, p & 0xff]), ...new Array(8).fill(0)]).toString()}/64`;
}
