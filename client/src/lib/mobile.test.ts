import { describe, expect, it } from "vitest";
import { isMobileDevice } from "./mobile";

const desktopUa = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36";
const iphoneUa = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148";
const ipadUa = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15";
const androidUa = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/156.0 Mobile Safari/537.36";

describe("isMobileDevice", () => {
  it("when the window is under 768 px wide, then it is mobile", () => {
    expect(isMobileDevice(767, desktopUa)).toBe(true);
    expect(isMobileDevice(390, desktopUa)).toBe(true);
  });
  it("when the window is 768 px or wider on a desktop browser, then it is not mobile", () => {
    expect(isMobileDevice(768, desktopUa)).toBe(false);
    expect(isMobileDevice(1280, desktopUa)).toBe(false);
  });
  it("when the device string is a phone or tablet, then it is mobile at any width", () => {
    expect(isMobileDevice(1280, iphoneUa)).toBe(true);
    expect(isMobileDevice(1024, ipadUa)).toBe(true);
    expect(isMobileDevice(900, androidUa)).toBe(true);
  });
});
