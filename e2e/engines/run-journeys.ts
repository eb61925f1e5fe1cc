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
      JOURNEYS.forEach((journey, index) =>
        it(journey.name, async () => {
          try {
            await journey.run(page, width);
          } catch (err) {
            // What the page showed when the journey stopped, beside the journeys' screenshots.
            await page.screenshot(`failed-${index + 1}`).catch(() => undefined);
            throw err;
          }
        }),
      );
    });
  }
}
