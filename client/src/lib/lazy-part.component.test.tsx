import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it } from "vitest";
import { lazyPart } from "./lazy-part";

describe("a part loaded when shown", () => {
  it("when its code arrives, then it shows", async () => {
    const Part = lazyPart(() => Promise.resolve(({ word }: { word: string }) => <p>{word}</p>));
    render(
      <Suspense fallback={null}>
        <Part word="Arrived" />
      </Suspense>,
    );
    expect(await screen.findByText("Arrived")).toBeTruthy();
  });

  it("when its code cannot be fetched, then it shows nothing and the rest of the page stays", async () => {
    const Part = lazyPart<object>(() => Promise.reject(new TypeError("Failed to fetch dynamically imported module")));
    render(
      <main>
        <h1>The page</h1>
        <Suspense fallback={<p>Waiting</p>}>
          <Part />
        </Suspense>
      </main>,
    );
    await screen.findByRole("heading", { name: "The page" });
    // The fallback gives way to nothing once the load has failed.
    await expect.poll(() => screen.queryByText("Waiting")).toBeNull();
    expect(screen.getByRole("main").textContent).toBe("The page");
  });
});
