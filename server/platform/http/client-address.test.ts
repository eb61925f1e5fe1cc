import { describe, expect, it } from "vitest";
import { throttleAddress } from "./client-address";

describe("throttleAddress", () => {
  it("when two IPv6 addresses share a /64, then they count as one client", () => {
    expect(throttleAddress("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:db8:1:2:ffff:eeee:dddd:cccc")).toBe("2001:db8:1:2::/64");
    expect(throttleAddress("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("when the address is IPv4, or IPv4 written as IPv6, then it counts on its own", () => {
    expect(throttleAddress("203.0.113.7")).toBe("203.0.113.7");
    expect(throttleAddress("::ffff:203.0.113.7")).toBe("203.0.113.7");
    expect(throttleAddress("203.0.113.8")).not.toBe(throttleAddress("203.0.113.7"));
  });

  it.each([
    ["0.0.0.0", "0.0.0.0"],
    ["255.255.255.255", "255.255.255.255"],
    ["192.168.000.001", "192.168.0.1"],
    ["010.0.0.1", "8.0.0.1"],
    ["127.1", "127.0.0.1"],
    ["0x7f.1", "127.0.0.1"],
  ])(
    "when an IPv4 address is written as %s, a form ipaddr.js reads, then its key is %s, the dotted form ipaddr.js writes",
    (written, key) => {
      expect(throttleAddress(written)).toBe(key);
    },
  );

  it("when there is no address or not an address, then the text itself is the key", () => {
    expect(throttleAddress(undefined)).toBe("unknown");
    expect(throttleAddress("unix-socket")).toBe("unix-socket");
  });
});
