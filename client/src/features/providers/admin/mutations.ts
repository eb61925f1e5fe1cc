import type { Provider, ProviderInput } from "@shared/api";
import { useCrudMutations } from "@/features/ordered-lists/admin/crud";
import { providersQueryOptions } from "../api";

export const useProviderMutations = () => useCrudMutations<Provider, ProviderInput>("/api/providers", providersQueryOptions().queryKey);
