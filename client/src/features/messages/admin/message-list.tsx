import { useQuery } from "@tanstack/react-query";
import { useId, useState, type ReactNode } from "react";
import { Link } from "wouter";
import { MESSAGE_STATUSES } from "@shared/messages";
import { href } from "@shared/routes";
import { formatClock } from "@shared/time";
import { AdminCard, ListStates } from "@/components/admin/ui/admin-card";
import { toast, toastError } from "@/components/ui/toast-store";
import { localDate } from "@/lib/dates";
import { useAdminT, useLocale, type AdminKey } from "@/lib/i18n";
import { messageCountsQueryOptions, messageFileUrl, messagesQueryOptions, type Message, type MessageStatus } from "../api";
import { useDeleteMessage, useSetMessageStatus } from "./mutations";

const STATUS_LABELS: Record<MessageStatus, AdminKey> = {
  new: "adminMessages.statusNew",
  played: "adminMessages.statusPlayed",
  archived: "adminMessages.statusArchived",
};

/** How many messages the list shows at first, and adds each time: a thousand stay quick to show. */
const MESSAGES_PAGE_SIZE = 50;

/** One message, as the owner's list shows it. */
function MessageCard({ message, player }: { message: Message; player: (message: Message) => ReactNode }) {
  const t = useAdminT();
  const locale = useLocale();
  const id = useId();
  const setStatus = useSetMessageStatus();
  const remove = useDeleteMessage();
  const who = message.name || t("adminMessages.noName");
  const time = localDate(message.createdAt, true, locale);
  return (
    <li className="card flex flex-col gap-3 p-4" aria-labelledby={`${id}-who`} data-testid="message-item">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 id={`${id}-who`} className="text-lg font-bold break-words" dir="auto">
            {who}
          </h3>
          {message.email ? (
            <a href={`mailto:${message.email}`} className="text-sm break-all underline" dir="ltr">
              {message.email}
            </a>
          ) : null}
        </div>
        <span className="badge">{t(STATUS_LABELS[message.status])}</span>
      </div>
      <p className="text-sm">
        {message.kind === "voice" ? t("adminMessages.kindVoice") : t("adminMessages.kindText")}
        {message.kind === "voice" && message.durationSeconds
          ? ` · ${t("adminMessages.length", { length: formatClock(message.durationSeconds) })}`
          : null}
        {" · "}
        <time dateTime={message.createdAt}>{t("adminMessages.received", { time })}</time>
      </p>
      {message.episodeSlug ? (
        <p className="text-sm break-words">
          {t("adminMessages.aboutEpisode")}{" "}
          <Link href={href.episode(message.episodeSlug)} className="underline" dir="auto">
            {message.episodeTitle || message.episodeSlug}
          </Link>
        </p>
      ) : null}
      {message.kind === "text" ? (
        <p className="whitespace-pre-line break-words" dir="auto">
          {message.text}
        </p>
      ) : (
        player(message)
      )}
      <div className="flex flex-wrap items-end gap-2">
        <div className="flex flex-col">
          <label htmlFor={`${id}-status`} className="field-label">
            {t("adminMessages.status")}
          </label>
          <select
            id={`${id}-status`}
            className="input !w-auto"
            value={message.status}
            disabled={setStatus.isPending}
            onChange={(e) =>
              setStatus.mutate(
                { id: message.id, status: e.target.value as MessageStatus },
                { onError: (error) => toastError(error.message || t("adminMessages.statusFailed")) },
              )
            }
          >
            {MESSAGE_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(STATUS_LABELS[s])}
              </option>
            ))}
          </select>
        </div>
        {message.kind === "voice" ? (
          <a
            href={messageFileUrl(message.id)}
            download
            className="btn btn-ghost"
            aria-label={t("adminMessages.downloadLabel", { name: who })}
          >
            {t("adminMessages.download")}
          </a>
        ) : null}
        <button
          type="button"
          className="btn btn-ghost"
          disabled={remove.isPending}
          aria-label={t("adminMessages.deleteLabel", { name: who })}
          onClick={() => {
            if (!window.confirm(t("adminMessages.deleteConfirm"))) return;
            remove.mutate(message.id, {
              onSuccess: () => toast({ title: t("adminMessages.deleted"), description: who }),
              onError: (error) => toastError(error.message || t("adminMessages.deleteFailed")),
            });
          }}
        >
          {t("adminMessages.delete")}
        </button>
      </div>
    </li>
  );
}

/**
 * The owner's messages (docs/product.md "Messages from listeners"), newest first: who, the episode,
 * the text or the recording with the site's player (`player`, from the page), length and time,
 * status, download and delete. Shown a page at a time.
 */
export function MessageList({ player }: { player: (message: Message) => ReactNode }) {
  const t = useAdminT();
  const list = useQuery(messagesQueryOptions());
  const [shown, setShown] = useState(MESSAGES_PAGE_SIZE);
  const messages = list.data ?? [];
  const fresh = messages.filter((m) => m.status === "new").length;
  return (
    <AdminCard
      id="messages"
      title={t("adminMessages.listTitle", { count: messages.length, fresh })}
      className="mt-6"
      actions={
        <button type="button" className="btn btn-ghost" onClick={() => void list.refetch()}>
          {t("adminMessages.refresh")}
        </button>
      }
    >
      <ListStates isPending={list.isPending} isEmpty={messages.length === 0} empty={<p className="mt-4">{t("adminMessages.empty")}</p>}>
        <ul className="mt-4 flex flex-col gap-4">
          {messages.slice(0, shown).map((message) => (
            <MessageCard key={message.id} message={message} player={player} />
          ))}
        </ul>
        {messages.length > shown ? (
          <button type="button" className="btn btn-ghost mt-4" onClick={() => setShown((n) => n + MESSAGES_PAGE_SIZE)}>
            {t("adminMessages.showMore", { count: Math.min(MESSAGES_PAGE_SIZE, messages.length - shown) })}
          </button>
        ) : null}
      </ListStates>
    </AdminCard>
  );
}

/** The dashboard's card: how many messages are new, linking to them. */
export function MessagesDashboardCard({ href: to }: { href: string }) {
  const t = useAdminT();
  const counts = useQuery(messageCountsQueryOptions());
  return (
    <section className="card p-6" aria-labelledby="messages-card-heading" data-testid="messages-card">
      <h2 id="messages-card-heading" className="text-xl font-bold">
        {t("adminMessages.cardTitle")}
      </h2>
      <p className="mt-2 text-lg">{counts.data ? t("adminMessages.cardNew", { count: counts.data.new }) : t("adminCard.loading")}</p>
      <Link href={to} className="btn btn-ghost mt-4">
        {t("adminMessages.cardLink")}
      </Link>
    </section>
  );
}
