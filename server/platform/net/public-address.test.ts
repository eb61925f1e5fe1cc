import type { LookupAddress } from "node:dns";
import type { LookupFunction } from "node:net";
import { describe, expect, it } from "vitest";
import { isPublicAddress, PrivateAddressError, publicOnlyLookup } from "./public-address";

describe("isPublicAddress", () => {
  it("when an IPv4 address is in a special range, then it is refused; a public one passes", () => {
    const refused = [
      "127.0.0.1",
      "10.0.0.1",
      "172.16.0.1",
      "192.168.1.1",
      "0.0.0.0",
      "169.254.169.254",
      "100.64.0.1",
      "192.0.2.1",
      "198.18.0.1",
      "224.0.0.1",
      "255.255.255.255",
      "240.0.0.1",
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
    for (const address of ["8.8.8.8", "1.1.1.1", "93.184.216.34"]) expect(isPublicAddress(address), address).toBe(true);
  });

  it("when an IPv6 address is outside global unicast (2000::/3), then it is refused, IPv4-compatible ones included", () => {
    const refused = [
      "::1",
      "::",
      "::127.0.0.1", // IPv4-compatible (::/96)
      "::7f00:1",
      "::8.8.8.8", // IPv4-compatible even when the IPv4 address is public
      "64:ff9b::7f00:1", // NAT64
      "100::1", // discard
      "fc00::1",
      "fd00::1",
      "fe80::1",
      "fec0::1",
      "ff02::1",
      "4000::1",
      "5f00::1", // segment routing
      "::ffff:0:7f00:1", // IPv4-translated (RFC 6145)
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it("when an IPv6 address is in a special range inside 2000::/3, then it is refused", () => {
    const refused = [
      "2002:7f00:1::1", // 6to4
      "2001:0:4136:e378:8000:63bf:3fff:fdd2", // Teredo
      "2001:db8::1", // documentation
      "3fff::1", // documentation
      "2001:2::1", // benchmarking
      "2001:10::1", // ORCHID
      "2001:20::1", // ORCHIDv2
      "2001:3::1", // AMT
    ];
    for (const address of refused) expect(isPublicAddress(address), address).toBe(false);
  });

  it("when an IPv6 address is global unicast outside the special ranges, then it passes", () => {
    for (const address of ["2606:4700:4700::1111", "2a00:1450:4001:80b::200e", "2001:4860:4860::8888"])
      expect(isPublicAddress(address), address).toBe(true);
  });

  it("when an address is IPv4-mapped, then it is judged as its IPv4 address", () => {
    for (const address of ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:10.0.0.1", "::ffff:169.254.169.254"])
      expect(isPublicAddress(address), address).toBe(false);
    expect(isPublicAddress("::ffff:8.8.8.8")).toBe(true);
  });

  it("when the text is not an address, then it is refused", () => {
    for (const text of ["", "localhost", "2130706433", "0x7f.0.0.1", "[::1]"]) expect(isPublicAddress(text), text).toBe(false);
  });
});

describe("publicOnlyLookup", () => {
  const resolving =
    (...addresses: string[]): LookupFunction =>
    (_hostname, options, callback) => {
      const all: LookupAddress[] = addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
      if (options.all) callback(null, all);
      else callback(null, all[0]!.address, all[0]!.family);
    };
  const look = (lookup: LookupFunction, all: boolean) =>
    new Promise<{ err: Error | null; address: unknown }>((resolve) =>
      lookup("feed.example", { all }, (err, address) => resolve({ err, address })),
    );

  it("when a name resolves to an address outside the rule, then the lookup fails, for one address or all", async () => {
    for (const all of [false, true]) {
      const { err } = await look(publicOnlyLookup(resolving("::127.0.0.1")), all);
      expect(err, String(all)).toBeInstanceOf(PrivateAddressError);
    }
    expect((await look(publicOnlyLookup(resolving("8.8.8.8", "2002:7f00:1::1")), true)).err).toBeInstanceOf(PrivateAddressError);
  });

  it("when every address found is public, then they come back as found", async () => {
    expect(await look(publicOnlyLookup(resolving("8.8.8.8")), false)).toEqual({ err: null, address: "8.8.8.8" });
    expect((await look(publicOnlyLookup(resolving("8.8.8.8", "2606:4700:4700::1111")), true)).address).toHaveLength(2);
  });
});
