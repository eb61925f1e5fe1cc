/**
 * What an owner uploads: a large camera JPEG as each banner and photos of two hosts,
 * so the Lighthouse runs measure the pages as a real show's site serves them.
 */
import sharp from "sharp";
import type { Client } from "../scripts/faults/lib";

/** A photo-like JPEG (smooth colour, some noise), as big as a camera's. */
async function photo(width: number, height: number, seed: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3);
  let n = seed;
  for (let i = 0; i < pixels.length; i += 3) {
    n = (n * 1103515245 + 12345) & 0x7fffffff;
    const x = (i / 3) % width;
    const y = Math.floor(i / 3 / width);
    pixels[i] = (x * 255) / width + (n % 16);
    pixels[i + 1] = (y * 255) / height + ((n >> 4) % 16);
    pixels[i + 2] = (seed * 37) % 256;
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 92 })
    .toBuffer();
}

async function upload(client: Client, data: Buffer): Promise<string> {
  const { body } = await client.request("POST", "/api/objects/upload", {});
  const res = await fetch(client.base + body.uploadURL, {
    method: "PUT",
    body: new Uint8Array(data),
    headers: { Origin: client.base, Cookie: client.cookie },
  });
  if (!res.ok) throw new Error(`upload answered ${res.status}`);
  return body.uploadURL as string;
}

export async function uploadOwnerImages(client: Client): Promise<void> {
  const images = {
    bannerDesktop: await upload(client, await photo(4000, 1200, 1)),
    bannerMobile: await upload(client, await photo(1600, 1120, 2)),
  };
  const saved = await client.request("PUT", "/api/identity/images", images, AbortSignal.timeout(120_000));
  if (saved.status !== 200) throw new Error(`saving the banners answered ${saved.status}: ${saved.text}`);
  const hosts = [];
  for (const [i, name] of ["Ann", "Bo"].entries()) {
    hosts.push({
      name,
      role: "Co-host",
      bio: "Talks about pain and learning.",
      photo: await upload(client, await photo(2000, 2000, 3 + i)),
    });
  }
  const about = await client.request("PUT", "/api/identity/about", { title: "", intro: "", hosts }, AbortSignal.timeout(120_000));
  if (about.status !== 200) throw new Error(`saving the About page answered ${about.status}: ${about.text}`);
}
