import { describe, it } from "vitest";
import { expectCrossings, expectLint, importing, type Verdicts } from "../../server/test/lint";

describe("lint boundaries on the client (allowlists: what is not allowed fails)", () => {
  it("when a feature's queries (api.ts) or the app's shell import a write, then lint fails; the feature's mutations.ts may", async () => {
    const expectRestricted = (filePath: string, verdicts: Verdicts) =>
      expectLint((id) => id === "no-restricted-imports", filePath, verdicts);
    await expectRestricted("client/src/features/clips/api.ts", {
      fails: [importing("useMutation", "@tanstack/react-query"), importing("useSingleMutation", "@/lib/single-mutation")],
    });
    await expectRestricted("client/src/app/initial-data.ts", { fails: [importing("useClipMutations", "@/features/clips/mutations")] });
    await expectRestricted("client/src/features/clips/admin/mutations.ts", { passes: [importing("useMutation", "@tanstack/react-query")] });
  });

  it("when a client file climbs into another room (lib into a feature, a page into the app, a feature into another), then lint fails", async () => {
    await expectCrossings("client/src/lib/x.ts", { fails: [importing("clipBySlugQueryOptions", "../features/clips/api")] });
    await expectCrossings("client/src/pages/x.tsx", { fails: [importing("App", "../app/app")] });
    await expectCrossings("client/src/features/auditions/x.ts", { fails: [importing("clipBySlugQueryOptions", "@/features/clips/api")] });
    await expectCrossings("client/src/components/x.ts", { fails: [importing("clipBySlugQueryOptions", "@/features/clips/api")] });
  });

  it("when a feature or a hook reads the features the others build on (the settings, the ordered lists), then lint passes; a hook reaching their components fails", async () => {
    await expectCrossings("client/src/features/clips/x.ts", {
      passes: [importing("settingQueryOptions", "@/features/settings/api"), importing("listQueryOptions", "@/features/ordered-lists/api")],
    });
    await expectCrossings("client/src/hooks/x.ts", {
      passes: [importing("settingQueryOptions", "@/features/settings/api")],
      fails: [importing("Footer", "@/features/settings/public/footer"), importing("clipBySlugQueryOptions", "@/features/clips/api")],
    });
  });

  it("when a client file uses its own room or a room below it, then lint passes", async () => {
    await expectCrossings("client/src/features/clips/public/x.tsx", { passes: [importing("clipBySlugQueryOptions", "../api")] });
    await expectCrossings("client/src/features/clips/x.ts", { passes: [importing("cn", "@/lib/cn")] });
    await expectCrossings("client/src/pages/x.tsx", { passes: [importing("clipBySlugQueryOptions", "@/features/clips/api")] });
  });
});
