import { useState, type ReactNode } from "react";
import { useAdminT } from "@/lib/i18n";

/** What a form knows of the query that fills it (TanStack Query's result, in part). */
export interface SavedDataQuery {
  isSuccess: boolean;
  isError: boolean;
  isFetching: boolean;
  isFetchedAfterMount: boolean;
  refetch: () => Promise<unknown>;
}

export type SavedDataState = "loading" | "failed" | "ready";

/**
 * Whether a form may show its fields: only once its saved data has arrived (with `fresh`, from a
 * request made since the form opened, not a copy the page came with), so that no save can write a
 * form's defaults, or an older copy, over what is saved (docs/product.md "The owner's work"). A failed
 * request with older data still in hand is a failure, not a reason to show that data.
 */
export function savedDataState(query: SavedDataQuery, { fresh = false } = {}): SavedDataState {
  if (query.isSuccess && (!fresh || query.isFetchedAfterMount)) return "ready";
  if (query.isError && !query.isFetching) return "failed";
  return "loading";
}

/**
 * savedDataState, kept "ready" once the data has arrived: a later request that fails (a reload
 * after a conflict, a refresh after an import) leaves the fields and what was typed in them.
 */
export function useSavedDataState(query: SavedDataQuery, options: { fresh?: boolean } = {}): SavedDataState {
  const state = savedDataState(query, options);
  const [hasArrived, setHasArrived] = useState(false);
  if (state === "ready" && !hasArrived) setHasArrived(true);
  return hasArrived ? "ready" : state;
}

/**
 * The form's place while its data is loading, or the word that it could not be loaded (`failed`)
 * with a way to ask again: never fields that a save would send.
 */
export function SavedDataStatus({
  query,
  state,
  failed,
  className,
}: {
  query: SavedDataQuery;
  state: Exclude<SavedDataState, "ready">;
  failed: string;
  className?: string;
}): ReactNode {
  const t = useAdminT();
  if (state === "loading")
    return (
      <p role="status" className={className}>
        {t("savedData.loading")}
      </p>
    );
  return (
    <div role="alert" className={className}>
      <p className="font-semibold">{failed}</p>
      <button type="button" className="btn btn-ghost mt-2" onClick={() => void query.refetch()}>
        {t("savedData.tryAgain")}
      </button>
    </div>
  );
}
