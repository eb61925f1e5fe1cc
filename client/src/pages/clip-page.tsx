import { decodeSegment } from "@shared/routes";
import { ClipView } from "@/features/clips/public/clip-view";

export function ClipPage({ params }: { params: Record<string, string | undefined> }) {
  return <ClipView slug={decodeSegment(params.slug ?? "")} />;
}
