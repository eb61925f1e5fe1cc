import { useEffect, useRef } from "react";
import { ROUTES } from "@shared/routes";
import { AdminScreen } from "@/components/admin/admin-screen";
import { messageFileUrl, type Message } from "@/features/messages/api";
import { MessageList } from "@/features/messages/admin/message-list";
import { MessagesSettingsCard } from "@/features/messages/admin/messages-settings-form";
import { useSetMessageStatus } from "@/features/messages/admin/mutations";
import { PlayerControls } from "@/features/player/public/player-controls";
import { usePlayer } from "@/features/player/player-store";
import { useAdminT } from "@/lib/i18n";

/** A voice message in the site's player (the file is read in ranges, so it seeks); playing a new one marks it played. */
function MessagePlayer({ message }: { message: Message }) {
  const t = useAdminT();
  const slug = `message-${message.id}`;
  const state = usePlayer();
  const setStatus = useSetMessageStatus();
  const isPlaying = state.episode?.slug === slug && state.isPlaying;
  const marked = useRef(false);
  useEffect(() => {
    if (!isPlaying || message.status !== "new" || marked.current) return;
    marked.current = true;
    setStatus.mutate({ id: message.id, status: "played" }, { onError: () => (marked.current = false) });
  }, [isPlaying, message.id, message.status, setStatus]);
  return (
    <PlayerControls
      withKeys={false}
      episode={{
        slug,
        title: t("adminMessages.playerTitle", { name: message.name || t("adminMessages.noName") }),
        audioUrl: messageFileUrl(message.id),
        imagePath: null,
        durationSeconds: message.durationSeconds,
        showName: t("adminMessages.playerShowName"),
        pageHref: ROUTES.adminMessages.path,
      }}
    />
  );
}

/** /admin/messages: what listeners sent, and the settings that let them. */
export function MessagesAdminPage() {
  const t = useAdminT();
  return (
    <AdminScreen title={t("route.adminMessages")} subtitle={t("adminMessages.subtitle")}>
      <MessageList player={(m) => <MessagePlayer message={m} />} />
      <MessagesSettingsCard />
    </AdminScreen>
  );
}
