import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Switch } from "@/components/ui/switch";
import { toast, toastError } from "@/components/ui/toast-store";
import { countText } from "@shared/strings";
import { localDate } from "@/lib/dates";
import { adminSettingsQueryOptions } from "@/features/settings/api";
import { useSaveSettings } from "@/features/settings/admin/mutations";
import type { FeedStatus } from "@shared/api";
import { ActionNotice, BusyButton } from "@/components/ui/form-actions";
import { useState } from "react";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { describeExtras, describeSync, feedStatusQueryOptions } from "../api";
import { useAcceptFeedMove, useDeletePreviousFeedEpisodes, useSyncFeed } from "./mutations";

const when = (iso: string | null) => (iso ? localDate(iso, true) : null);

/**
 * The feed's state under the RSS settings: when it was last synced and what that did, the last
 * error, when the next sync is due, and whether new episodes are published at once.
 */
export function FeedSyncPanel() {
  const status = useQuery(feedStatusQueryOptions());
  const settings = useQuery(adminSettingsQueryOptions());
  const save = useSaveSettings();
  const autoPublish = settings.data?.feed_auto_publish === "true";
  const s = status.data;
  return (
    <div className="mt-6 space-y-3 border-t border-fg/20 pt-4" aria-label="Feed sync">
      <h3 className="font-bold">Feed sync</h3>
      {status.isPending ? (
        <p role="status">Loading...</p>
      ) : (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold">Last sync</dt>
          <dd data-testid="feed-last-sync">{when(s?.lastSyncAt ?? null) ?? "Never"}</dd>
          {s?.lastResult ? (
            <>
              <dt className="font-semibold">Result</dt>
              <dd>{describeSync(s.lastResult)}</dd>
            </>
          ) : null}
          {s?.lastError ? (
            <>
              <dt className="font-semibold">Last error</dt>
              {/* The live region inside the term's value: a dd keeps its role, so the list stays a definition list. */}
              <dd className="wrap-anywhere">
                <span role="alert">{s.lastError}</span>
              </dd>
            </>
          ) : null}
          {s?.nextSyncAt ? (
            <>
              <dt className="font-semibold">Next sync</dt>
              <dd>{when(s.nextSyncAt)}</dd>
            </>
          ) : null}
          {s && describeExtras(s.extras) ? (
            <>
              <dt className="font-semibold">Files</dt>
              <dd>
                <span role="status">{describeExtras(s.extras)}</span>
              </dd>
            </>
          ) : null}
        </dl>
      )}
      {s?.move ? <FeedMove move={s.move} /> : null}
      {s && s.previousFeedEpisodes > 0 ? <PreviousFeedEpisodes count={s.previousFeedEpisodes} /> : null}
      <div className="flex items-center gap-3">
        <Switch
          id="feed-auto-publish"
          checked={autoPublish}
          // Off until the saved setting is known: pressing it would save the opposite of what is shown.
          disabled={!settings.isSuccess}
          onCheckedChange={(checked) =>
            save.mutate(
              { feed_auto_publish: checked ? "true" : "false" },
              {
                onSuccess: () =>
                  toast({
                    title: "Settings saved",
                    description: checked ? "New episodes from the feed are published at once" : "New episodes from the feed wait as drafts",
                  }),
                onError: () => toastError("Failed to save settings"),
              },
            )
          }
        />
        <label htmlFor="feed-auto-publish" className="font-semibold">
          Publish new episodes from the feed at once
        </label>
      </div>
    </div>
  );
}

/**
 * The host says the show's feed has moved: the owner decides (a private feed's address must not
 * become public by a move); until then the site reads the address the owner set.
 */
function FeedMove({ move }: { move: NonNullable<FeedStatus["move"]> }) {
  const accept = useAcceptFeedMove();
  return (
    <div className="rounded-lg border-2 border-fg/40 p-4" role="region" aria-label="The feed has moved">
      <p className="font-semibold">Your podcast host says the feed has moved to:</p>
      <p className="mt-1 break-all font-mono text-sm">{move.url}</p>
      {move.problem ? (
        <p className="mt-2 text-sm">
          The new address does not work yet ({move.problem}). The site keeps reading the address you set, and asks the new one again at
          every sync.
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm">The new address works. The site keeps reading the address you set until you switch.</p>
          <BusyButton
            type="button"
            className="btn mt-3"
            isPending={accept.isPending}
            busyLabel="Switching..."
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: () => toast({ title: "Feed address updated", description: "The site reads the show's feed at its new address" }),
                onError: (error) => toast({ title: "Feed address not changed", description: error.message, variant: "destructive" }),
              })
            }
          >
            Use the new address
          </BusyButton>
        </>
      )}
    </div>
  );
}

/**
 * 'Refresh Content Feed' (docs/product.md §2): syncs now and says what happened. Before the
 * first sync of a feed address, it asks whether the new episodes go live at once or wait as
 * drafts (docs/product.md "The owner's work"): a first import can bring hundreds.
 */
export function RefreshFeedButton() {
  const sync = useSyncFeed();
  const queryClient = useQueryClient();
  const save = useSaveSettings();
  const [asking, setAsking] = useState(false);
  const run = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => toast({ title: "Feed synced", description: describeSync(result) }),
      onError: (error) => toast({ title: "Feed not synced", description: error.message, variant: "destructive" }),
    });
  const firstSync = (publish: boolean) => {
    setAsking(false);
    save.mutate(
      { feed_auto_publish: publish ? "true" : "false" },
      { onSuccess: run, onError: () => toastError("Failed to save settings") },
    );
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost justify-start"
        disabled={sync.isPending || save.isPending}
        onClick={() =>
          // Read afresh: the address may have been changed since the status was last read.
          void queryClient.fetchQuery({ ...feedStatusQueryOptions(), staleTime: 0 }).then(
            (status) => (status.neverSynced && status.url ? setAsking(true) : run()),
            () => run(),
          )
        }
      >
        {sync.isPending ? "Refreshing..." : "Refresh Content Feed"}
      </button>
      <Dialog open={asking} onOpenChange={setAsking}>
        <DialogContent
          title="First sync of this feed"
          description="The feed may bring many episodes at once. Should they appear on the site right away?"
        >
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn" onClick={() => firstSync(true)}>
              Publish them at once
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => firstSync(false)}>
              Keep them as drafts
            </button>
          </div>
          <p className="mt-3 text-sm">Drafts wait on the Episodes screen, where you can publish all of them, or some, in one go.</p>
        </DialogContent>
      </Dialog>
    </>
  );
}

/**
 * After the feed's address was changed to another show's: the previous show's episodes, which
 * the new feed does not carry, can be removed (the owner's own episodes never are).
 */
function PreviousFeedEpisodes({ count }: { count: number }) {
  const remove = useDeletePreviousFeedEpisodes();
  const plural = countText(count, "episode");
  return (
    <ActionNotice
      label="Episodes of the previous feed"
      button={{
        text: `Remove ${plural}`,
        busyLabel: "Removing...",
        className: "btn-ghost",
        confirm: `Remove the ${plural} of the previous feed from the site?`,
        isPending: remove.isPending,
        action: () =>
          remove.mutate(undefined, {
            onSuccess: ({ count: removed }) =>
              toast({ title: "Episodes removed", description: `${countText(removed, "episode")} of the previous feed removed` }),
            onError: (error) => toastError(`Nothing was removed: ${error.message}`),
          }),
      }}
    >
      <p className="font-semibold">{plural} came from the feed you used before, not from this one.</p>
      <p className="mt-1 text-sm">If the new address is another show's, remove them. Episodes you added here yourself stay.</p>
    </ActionNotice>
  );
}
