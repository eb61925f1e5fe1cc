import { describe, expect, it } from "vitest";
import { fitOf, heightOf, objectIdOf, parseVariant, pictureSources } from "./pictures";

const ID = "0123abcd-0123-4567-89ab-0123456789ab";

describe("pictures", () => {
  it("when a variant's name is read, then a kind's own width and format make one", () => {
    expect(parseVariant("photo-320.webp")).toEqual({ kind: "photo", width: 320, format: "webp" });
    expect(parseVariant("banner-desktop-1600.avif")).toEqual({ kind: "banner-desktop", width: 1600, format: "avif" });
  });
  it.each([
    ["a width the kind does not have", "photo-321.webp"],
    ["a format no kind is offered in", "photo-320.gif"],
    ["a format its kind is not offered in", "icon-32.webp"],
    ["a kind that is an object's own property", "toString-32.png"],
    ["a kind that is the prototype", "__proto__-32.png"],
    ["no width", "photo.webp"],
    ["no kind", "-320.webp"],
    ["no format", "photo-320"],
  ])("when a variant's name has %s (%s), then it is not one", (_what, name) => {
    expect(parseVariant(name)).toBeNull();
  });

  it("when a picture's sources are made, then each format lists every width, AVIF first and the fallback last", () => {
    const sources = pictureSources(`/objects/${ID}`, "photo");
    expect(sources.map((s) => s.type)).toEqual(["image/avif", "image/webp", "image/jpeg"]);
    expect(sources[2]!.srcSet).toBe(
      `/objects/${ID}/photo-160.jpeg 160w, /objects/${ID}/photo-320.jpeg 320w, /objects/${ID}/photo-480.jpeg 480w`,
    );
  });

  it("when a height is asked for, then it follows the kind's shape; only /objects/{id} names a stored image", () => {
    expect(heightOf("banner-desktop", 1600)).toBe(480);
    expect(heightOf("poster", 260)).toBe(462);
    expect(objectIdOf(`/objects/${ID}`)).toBe(ID);
    expect(objectIdOf("https://cdn.example/a.jpg")).toBeNull();
    expect(objectIdOf(`/objects/${ID}/photo-160.jpeg`)).toBeNull();
  });
});

describe("how an image fits before it is used", () => {
  it("when a banner is smaller than its largest size or another shape, then it is said to be small or cropped", () => {
    expect(fitOf("banner-desktop", 2400, 720)).toEqual({ largest: { width: 2400, height: 720 }, isSmall: false, isCropped: false });
    expect(fitOf("banner-desktop", 1200, 360)).toMatchObject({ isSmall: true, isCropped: false });
    expect(fitOf("banner-desktop", 3000, 2000)).toMatchObject({ isSmall: false, isCropped: true });
    expect(fitOf("banner-mobile", 1200, 840)).toMatchObject({ isSmall: false, isCropped: false });
  });
  it("when a wide picture is given as square artwork, then it is cropped; a square one of 1024 or more is neither", () => {
    expect(fitOf("artwork", 1920, 1080)).toMatchObject({ isSmall: false, isCropped: true });
    expect(fitOf("artwork", 3000, 3000)).toMatchObject({ isSmall: false, isCropped: false });
    expect(fitOf("artwork", 500, 500)).toMatchObject({ isSmall: true, isCropped: false });
  });
});
