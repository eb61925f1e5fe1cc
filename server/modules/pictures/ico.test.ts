import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { icoOf } from "./ico";

describe("icoOf", () => {
  it("when a 32 px PNG is wrapped, then the .ico names one 32×32 image and carries the PNG whole after its header", async () => {
    const png = await sharp({ create: { width: 32, height: 32, channels: 4, background: "#3a2340" } })
      .png()
      .toBuffer();
    const ico = icoOf(png);
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([ico.readUInt8(6), ico.readUInt8(7)]).toEqual([32, 32]);
    expect(ico.readUInt32LE(14)).toBe(png.length);
    const offset = ico.readUInt32LE(18);
    expect(Buffer.compare(ico.subarray(offset), png)).toBe(0);
  });

  it("when the PNG is 256 px, then its size is written as 0, as the format says", async () => {
    const png = await sharp({ create: { width: 256, height: 256, channels: 4, background: "#000" } })
      .png()
      .toBuffer();
    expect([icoOf(png).readUInt8(6), icoOf(png).readUInt8(7)]).toEqual([0, 0]);
  });
});
