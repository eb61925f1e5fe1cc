import { describe, it } from "vitest";
import { everyWayOf, expectCrossings, expectLint, importing, type Verdicts } from "../../server/test/lint";

// The first case loads ESLint and the import resolver: seconds, more on a busy machine.
describe("lint boundaries on the client (allowlists: what is not allowed fails)", { timeout: 30_000 }, () => {
  it("when a feature's queries (api.ts) or the app's shell import a write, then lint fails; the feature's mutations.ts may", async () => {
    const expectRestricted = (filePath: string, verdicts: Verdicts) =>
      expectLint((id) => id === "no-restricted-imports", filePath, verdicts);
    await expectRestricted("client/src/features/clips/api.ts", {
      fails: [importing("useMutation", "@tanstack/react-query"), importing("useSingleMutation", "@/lib/single-mutation")],
    });
    await expectRestricted("client/src/app/initial-data.ts", {
      fails: [importing("useClipMutations", "@/features/clips/admin/mutations")],
    });
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

  it("when a visitor's code (a feature's public/, its queries, a public page, a component, the app's shell) imports the admin's, by import, export-from, import() or require, then lint fails", async () => {
    await expectCrossings("client/src/features/clips/public/x.tsx", {
      fails: [
        ...everyWayOf("ClipForm", "../admin/clip-form"),
        importing("OrderedAdminList", "@/features/ordered-lists/admin/ordered-admin-list"),
        importing("AdminCard", "@/components/admin/ui/admin-card"),
      ],
    });
    await expectCrossings("client/src/features/clips/api.ts", { fails: [importing("useClipMutations", "./admin/mutations")] });
    await expectCrossings("client/src/pages/home-page.tsx", {
      fails: [
        importing("ClipForm", "@/features/clips/admin/clip-form"),
        importing("AdminScreen", "@/components/admin/admin-screen"),
        importing("ClipsAdminPage", "./clips-admin-page"),
      ],
    });
    await expectCrossings("client/src/components/x.tsx", { fails: [importing("AdminCard", "./admin/ui/admin-card")] });
    await expectCrossings("client/src/app/x.tsx", {
      fails: [
        importing("AdminScreen", "@/components/admin/admin-screen"),
        'import AdminAreaPage from "@/pages/admin-area-page";\nAdminAreaPage;\n',
      ],
    });
  });

  it("when the app's shell opens the admin area by import(), or the admin's code uses the admin's or a visitor's, then lint passes; another feature's admin part still fails", async () => {
    await expectCrossings("client/src/app/x.tsx", { passes: ['export const load = () => import("@/pages/admin-area-page");\n'] });
    await expectCrossings("client/src/pages/admin-area-page.tsx", { passes: [importing("ClipsAdminPage", "./clips-admin-page")] });
    await expectCrossings("client/src/pages/clips-admin-page.tsx", {
      passes: [importing("ClipForm", "@/features/clips/admin/clip-form"), importing("AdminScreen", "@/components/admin/admin-screen")],
    });
    await expectCrossings("client/src/features/clips/admin/x.tsx", {
      passes: [
        importing("clipsQueryOptions", "../api"),
        importing("ClipView", "../public/clip-view"),
        importing("OrderedAdminList", "@/features/ordered-lists/admin/ordered-admin-list"),
        importing("useSaveSettings", "@/features/settings/admin/mutations"),
        importing("AdminCard", "@/components/admin/ui/admin-card"),
      ],
      fails: [importing("EpisodeForm", "@/features/episodes/admin/episode-form")],
    });
    await expectCrossings("client/src/components/admin/x.tsx", {
      passes: [importing("BackLink", "../back-link")],
      fails: [importing("clipsQueryOptions", "@/features/clips/api")],
    });
  });

  it("when a client file uses its own room or a room below it, then lint passes", async () => {
    await expectCrossings("client/src/features/clips/public/x.tsx", { passes: [importing("clipBySlugQueryOptions", "../api")] });
    await expectCrossings("client/src/features/clips/x.ts", { passes: [importing("cn", "@/lib/cn")] });
    await expectCrossings("client/src/pages/x.tsx", { passes: [importing("clipBySlugQueryOptions", "@/features/clips/api")] });
  });
});
