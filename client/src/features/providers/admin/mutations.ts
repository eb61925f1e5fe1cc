import type { Provider, ProviderInput } from "@shared/api";
import { useCrudMutations } from "@/lib/crud";
import { providersQueryOptions } from "../api";

export const useProviderMutations = () => useCrudMutations<Provider, ProviderInput>("/api/providers", providersQueryOptions().queryKey);
