import { describe, expect, it } from "vitest";
import { networkOf, newSalt, saltKey, visitorKey } from "./visitor";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

describe("who a visitor is, for one day", () => {
  it("when the same browser comes again the same day, then it is the same visitor (one visitor per day)", () => {
    const salt = saltKey(newSalt());
    expect(visitorKey(salt, networkOf("203.0.113.7"), CHROME)).toBe(visitorKey(salt, networkOf("203.0.113.7"), CHROME));
  });

  it("when the day's salt changes, then the same browser is a visitor no one can link to yesterday's", () => {
    const [monday, tuesday] = [newSalt(), newSalt()];
    expect(monday.equals(tuesday)).toBe(false);
    expect(visitorKey(saltKey(monday), "203.0.113.7", CHROME)).not.toBe(visitorKey(saltKey(tuesday), "203.0.113.7", CHROME));
  });

  it("when two agents share an address (a phone and a desktop at home), then they are two visitors", () => {
    const salt = saltKey(newSalt());
    expect(visitorKey(salt, networkOf("203.0.113.7"), CHROME)).not.toBe(visitorKey(salt, networkOf("203.0.113.7"), IPHONE));
  });

  it("when an IPv6 host changes addresses inside its /64, then it stays one visitor; another /64 is another", () => {
    const salt = saltKey(newSalt());
    const a = visitorKey(salt, networkOf("2001:db8:1:2:aaaa::1"), CHROME);
    expect(visitorKey(salt, networkOf("2001:db8:1:2:ffff:ffff:0:99"), CHROME)).toBe(a);
    expect(visitorKey(salt, networkOf("2001:db8:1:3::1"), CHROME)).not.toBe(a);
  });

  it("when IPv4 addresses differ by one, then they are different networks; an IPv4-mapped IPv6 address is its IPv4 address", () => {
    expect(networkOf("203.0.113.7")).not.toBe(networkOf("203.0.113.8"));
    expect(networkOf("::ffff:203.0.113.7")).toBe(networkOf("203.0.113.7"));
  });

  it("when the key is made, then it is 16 bytes of hex and holds neither the address nor the agent", () => {
    const key = visitorKey(saltKey(newSalt()), "203.0.113.7", CHROME);
    expect(key).toMatch(/^[0-9a-f]{32}$/);
  });
});
