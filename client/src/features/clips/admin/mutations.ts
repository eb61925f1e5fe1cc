import type { Clip, ClipInput } from "@shared/api";
import { useCrudMutations } from "@/features/ordered-lists/admin/crud";
import { clipsQueryOptions } from "../api";

export const useClipMutations = () => useCrudMutations<Clip, ClipInput>("/api/clips", clipsQueryOptions().queryKey);
