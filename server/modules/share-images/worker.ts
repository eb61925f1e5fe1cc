import { renderShareImage, type ShareImageInput } from "./draw";

/** Runs in a worker thread (piscina): satori and resvg take 40-200 ms of CPU per image. */
export default async function render(input: ShareImageInput): Promise<Uint8Array> {
  return renderShareImage(input);
}
