import { ClipView } from "@/features/clips/components/clip-view";

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function ClipPage({ slug }: { slug: string }) {
  return <ClipView slug={safeDecode(slug)} />;
}
