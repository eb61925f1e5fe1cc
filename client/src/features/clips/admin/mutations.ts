import type { Clip, ClipInput } from "@shared/api";
import { useCrudMutations } from "@/lib/crud";
import { clipsQueryOptions } from "../api";

export const useClipMutations = () => useCrudMutations<Clip, ClipInput>("/api/clips", clipsQueryOptions().queryKey);
