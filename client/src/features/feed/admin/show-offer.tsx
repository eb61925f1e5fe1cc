import { queryOptions, useQuery } from "@tanstack/react-query";
import { useEffect, useState, type ReactNode } from "react";
import type { ShowChange, ShowOffer } from "@shared/feed-show";
import { Picture } from "@/components/picture";
import { Dialog, DialogContent } from "@/components/ui/dialog";
import { BusyButton } from "@/components/ui/form-actions";
import { toast } from "@/components/ui/toast-store";
import { apiClient } from "@/lib/api-client";
import { useAdminT, useLocale } from "@/lib/i18n";
import { useAdoptShow } from "./mutations";

/** Another show's details to take, since the feed's address was changed to that show's (null: nothing waits). */
const showOfferQueryOptions = () =>
  queryOptions({
    queryKey: ["admin", "feed", "show"],
    queryFn: async () => (await apiClient.get<{ offer: ShowOffer | null }>("/api/feed/show")).offer,
  });

/**
 * The feed is now another show's (docs/product.md "The show's feed and episode pages"): its title,
 * description, artwork and hosts are offered in one step, each as it is now and as it would be.
 * The question opens by itself when the offer arrives; closed unanswered, the notice under the
 * feed's state opens it again.
 */
export function ShowOfferNotice() {
  const offer = useQuery(showOfferQueryOptions()).data ?? null;
  const t = useAdminT();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState<string | null>(null);
  const key = offer ? `${offer.url}\n${offer.showTitle}` : null;
  // Asked once per offer: a sync that brings one opens the question at once.
  useEffect(() => {
    if (key && key !== asked) {
      setAsked(key);
      setOpen(true);
    }
    if (!key) setOpen(false);
  }, [key, asked]);
  if (!offer) return null;
  return (
    <div className="rounded-lg border-2 border-fg/40 p-4" role="region" aria-label={t("showOffer.label")}>
      <p className="font-semibold wrap-anywhere">{t("showOffer.notice", { show: offer.showTitle })}</p>
      <button type="button" className="btn mt-3" onClick={() => setOpen(true)}>
        {t("showOffer.review")}
      </button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent
          title={t("showOffer.dialogTitle", { show: offer.showTitle })}
          description={t("showOffer.dialogDescription")}
          className="max-h-[90vh] overflow-y-auto"
        >
          <ShowOfferAnswer offer={offer} onDone={() => setOpen(false)} />
        </DialogContent>
      </Dialog>
    </div>
  );
}

function ShowOfferAnswer({ offer, onDone }: { offer: ShowOffer; onDone: () => void }) {
  const t = useAdminT();
  const adopt = useAdoptShow({
    onSuccess: (taken) => {
      onDone();
      toast(
        taken.length > 0
          ? { title: t("showOffer.taken"), description: t("showOffer.takenDescription", { show: offer.showTitle }) }
          : { title: t("showOffer.kept") },
      );
    },
    onError: (error) => toast({ title: t("showOffer.failed"), description: error.message, variant: "destructive" }),
  });
  const answer = (take: boolean) => adopt.mutate(take ? offer.changes.map((c) => c.field) : []);
  return (
    <>
      <dl className="space-y-4">
        {offer.changes.map((change) => (
          <ShowChangeRow key={change.field} change={change} />
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-2">
        <BusyButton
          type="button"
          className="btn"
          isPending={adopt.isPending}
          busyLabel={t("showOffer.taking")}
          onClick={() => answer(true)}
        >
          {t("showOffer.take")}
        </BusyButton>
        <button type="button" className="btn btn-ghost" disabled={adopt.isPending} onClick={() => answer(false)}>
          {t("showOffer.keep")}
        </button>
      </div>
    </>
  );
}

const FIELD_LABEL = {
  title: "showOffer.fieldTitle",
  description: "showOffer.fieldDescription",
  artwork: "showOffer.fieldArtwork",
  hosts: "showOffer.fieldHosts",
} as const;

/** One thing that would change: what the site shows now, and what it would show. */
function ShowChangeRow({ change }: { change: ShowChange }) {
  const t = useAdminT();
  const locale = useLocale();
  const text = (value: string) => value || t("showOffer.none");
  const names = (list: string[]) =>
    list.length > 0 ? new Intl.ListFormat(locale, { type: "conjunction" }).format(list) : t("showOffer.none");
  let now: ReactNode;
  let next: ReactNode;
  let note: string | null = null;
  if (change.field === "artwork") {
    now = change.from ? <Artwork path={change.from} alt={t("showOffer.nowArtwork")} /> : t("showOffer.none");
    next = <Artwork path={change.to} alt={t("showOffer.newArtwork")} />;
  } else if (change.field === "hosts") {
    [now, next] = [names(change.from), names(change.to)];
  } else {
    [now, next] = [text(change.from), text(change.to)];
    if (change.field === "title" && change.aboutTitle) note = t("showOffer.aboutTitle", { heading: change.aboutTitle });
    if (change.field === "description" && change.aboutIntro) note = t("showOffer.aboutIntro");
  }
  return (
    <div data-testid={`show-change-${change.field}`}>
      <dt className="font-semibold">{t(FIELD_LABEL[change.field])}</dt>
      <dd className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <span className="text-ink-muted">{t("showOffer.now")}</span>
        <span className="line-clamp-3 wrap-anywhere" dir="auto">
          {now}
        </span>
        <span className="font-semibold">{t("showOffer.new")}</span>
        <span className="line-clamp-3 font-semibold wrap-anywhere" dir="auto">
          {next}
        </span>
        {note ? <span className="col-span-2 wrap-anywhere">{note}</span> : null}
      </dd>
    </div>
  );
}

function Artwork({ path, alt }: { path: string; alt: string }) {
  return (
    <span className="inline-block h-16 w-16">
      <Picture path={path} kind="artwork" sizes="64px" width={64} alt={alt} className="h-16 w-16 rounded object-cover" />
    </span>
  );
}
