import { decodeSegment } from "@shared/routes";
import { ClipView } from "@/features/clips/components/clip-view";

export function ClipPage({ slug }: { slug: string }) {
  return <ClipView slug={decodeSegment(slug)} />;
}
