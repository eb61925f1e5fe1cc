import { afterAll, beforeAll, describe, inject, it } from "vitest";
import { type EngineName, type EnginePage, OPEN_ENGINE } from "./engine";
import { JOURNEYS } from "./journeys";

/** Every journey in `engine`, at a phone's width and a desktop's, in one browser session per width. */
export function journeysIn(engine: EngineName): void {
  for (const width of [390, 1280]) {
    describe(`${engine} at ${width} px`, () => {
      let page: EnginePage;
      beforeAll(async () => {
        page = await OPEN_ENGINE[engine](inject("baseURL"), { width, pulseServer: inject("pulseServer") });
      });
      afterAll(async () => {
        await page?.close();
      });
      for (const journey of JOURNEYS) it(journey.name, () => journey.run(page, width));
    });
  }
}
