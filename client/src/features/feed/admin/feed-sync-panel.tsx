import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Switch } from "@/components/ui/switch";
import { toast, toastError } from "@/components/ui/toast-store";
import { localDate } from "@/lib/dates";
import { useAdminT, useLocale } from "@/lib/i18n";
import { adminSettingsQueryOptions } from "@/features/settings/api";
import { useSaveSettings } from "@/features/settings/admin/mutations";
import type { FeedStatus } from "@shared/api";
import { ActionNotice, BusyButton } from "@/components/ui/form-actions";
import { useState } from "react";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { describeExtras, describeSync, feedStatusQueryOptions } from "../api";
import { useAcceptFeedMove, useDeletePreviousFeedEpisodes, useSyncFeed } from "./mutations";
import { ShowOfferNotice } from "./show-offer";

const when = (iso: string | null, locale: string) => (iso ? localDate(iso, true, locale) : null);

/**
 * The feed's state under the RSS settings: when it was last synced and what that did, the last
 * error, when the next sync is due, and whether new episodes are published at once. The feed's
 * address is an owner's (server/modules/auth/roles.ts): an editor (`forOwner` false) sees the
 * state without what decides the address (a move, another show's details, the previous feed's
 * episodes), in a card of its own (`titled` false: the card's heading names it).
 */
export function FeedSyncPanel({ forOwner = true, titled = true }: { forOwner?: boolean; titled?: boolean }) {
  const status = useQuery(feedStatusQueryOptions());
  const settings = useQuery(adminSettingsQueryOptions());
  const save = useSaveSettings();
  const t = useAdminT();
  const autoPublish = settings.data?.feed_auto_publish === "true";
  const s = status.data;
  return (
    <div
      className={titled ? "mt-6 space-y-3 border-t border-fg/20 pt-4" : "mt-4 space-y-3"}
      aria-label={titled ? t("feedSync.title") : undefined}
    >
      {titled ? <h3 className="font-bold">{t("feedSync.title")}</h3> : null}
      {status.isPending ? <p role="status">{t("feedSync.loading")}</p> : <FeedSyncFacts status={s} />}
      {forOwner && s?.move ? <FeedMove move={s.move} /> : null}
      {forOwner ? <ShowOfferNotice /> : null}
      {forOwner && s && s.previousFeedEpisodes > 0 ? <PreviousFeedEpisodes count={s.previousFeedEpisodes} /> : null}
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
                    title: t("settings.saved"),
                    description: checked ? t("feedSync.autoPublishOn") : t("feedSync.autoPublishOff"),
                  }),
                onError: () => toastError(t("settings.saveFailed")),
              },
            )
          }
        />
        <label htmlFor="feed-auto-publish" className="font-semibold">
          {t("feedSync.autoPublish")}
        </label>
      </div>
    </div>
  );
}

/** What the last sync did and when the next is due, as a list of terms. */
function FeedSyncFacts({ status }: { status: FeedStatus | undefined }) {
  const t = useAdminT();
  const locale = useLocale();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
      <dt className="font-semibold">{t("feedSync.lastSync")}</dt>
      <dd data-testid="feed-last-sync">{when(status?.lastSyncAt ?? null, locale) ?? t("feedSync.never")}</dd>
      {status?.lastResult ? (
        <>
          <dt className="font-semibold">{t("feedSync.result")}</dt>
          <dd>{describeSync(status.lastResult, t, locale)}</dd>
        </>
      ) : null}
      {status?.lastError ? (
        <>
          <dt className="font-semibold">{t("feedSync.lastError")}</dt>
          {/* The live region inside the term's value: a dd keeps its role, so the list stays a definition list. */}
          <dd className="wrap-anywhere">
            <span role="alert">{status.lastError}</span>
          </dd>
        </>
      ) : null}
      {status?.nextSyncAt ? (
        <>
          <dt className="font-semibold">{t("feedSync.nextSync")}</dt>
          <dd>{when(status.nextSyncAt, locale)}</dd>
        </>
      ) : null}
      {status && describeExtras(status.extras, t, locale) ? (
        <>
          <dt className="font-semibold">{t("feedSync.files")}</dt>
          <dd>
            <span role="status">{describeExtras(status.extras, t, locale)}</span>
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The host says the show's feed has moved: the owner decides (a private feed's address must not
 * become public by a move); until then the site reads the address the owner set.
 */
function FeedMove({ move }: { move: NonNullable<FeedStatus["move"]> }) {
  const accept = useAcceptFeedMove();
  const t = useAdminT();
  return (
    <div className="rounded-lg border-2 border-fg/40 p-4" role="region" aria-label={t("feedMove.label")}>
      <p className="font-semibold">{t("feedMove.movedTo")}</p>
      <p className="mt-1 break-all font-mono text-sm">{move.url}</p>
      {move.problem ? (
        <p className="mt-2 text-sm">{t("feedMove.notWorking", { problem: move.problem })}</p>
      ) : (
        <>
          <p className="mt-2 text-sm">{t("feedMove.works")}</p>
          <BusyButton
            type="button"
            className="btn mt-3"
            isPending={accept.isPending}
            busyLabel={t("feedMove.switching")}
            onClick={() =>
              accept.mutate(undefined, {
                onSuccess: () => toast({ title: t("feedMove.updated"), description: t("feedMove.updatedDescription") }),
                onError: (error) => toast({ title: t("feedMove.notChanged"), description: error.message, variant: "destructive" }),
              })
            }
          >
            {t("feedMove.useNew")}
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
  const t = useAdminT();
  const locale = useLocale();
  const run = () =>
    sync.mutate(undefined, {
      onSuccess: (result) => toast({ title: t("refreshFeed.synced"), description: describeSync(result, t, locale) }),
      onError: (error) => toast({ title: t("refreshFeed.notSynced"), description: error.message, variant: "destructive" }),
    });
  const firstSync = (publish: boolean) => {
    setAsking(false);
    save.mutate({ feed_auto_publish: publish ? "true" : "false" }, { onSuccess: run, onError: () => toastError(t("settings.saveFailed")) });
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
        {sync.isPending ? t("refreshFeed.refreshing") : t("refreshFeed.refresh")}
      </button>
      <Dialog open={asking} onOpenChange={setAsking}>
        <DialogContent title={t("refreshFeed.firstSyncTitle")} description={t("refreshFeed.firstSyncDescription")}>
          <div className="flex flex-wrap gap-2">
            <button type="button" className="btn" onClick={() => firstSync(true)}>
              {t("refreshFeed.publishAtOnce")}
            </button>
            <button type="button" className="btn btn-ghost" onClick={() => firstSync(false)}>
              {t("refreshFeed.keepAsDrafts")}
            </button>
          </div>
          <p className="mt-3 text-sm">{t("refreshFeed.draftsWait")}</p>
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
  const t = useAdminT();
  return (
    <ActionNotice
      label={t("previousFeed.label")}
      button={{
        text: t("previousFeed.remove", { count }),
        busyLabel: t("previousFeed.removing"),
        className: "btn-ghost",
        confirm: t("previousFeed.confirm", { count }),
        isPending: remove.isPending,
        action: () =>
          remove.mutate(undefined, {
            onSuccess: ({ count: removed }) =>
              toast({ title: t("previousFeed.removed"), description: t("previousFeed.removedDescription", { count: removed }) }),
            onError: (error) => toastError(t("previousFeed.removeFailed", { error: error.message })),
          }),
      }}
    >
      <p className="font-semibold">{t("previousFeed.count", { count })}</p>
      <p className="mt-1 text-sm">{t("previousFeed.hint")}</p>
    </ActionNotice>
  );
}
