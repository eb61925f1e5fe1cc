/**
 * Shown in an edit form whose save met a newer version of the item (another tab, or a feed
 * sync): what was typed stays in the form; the admin chooses to load the other version (their
 * changes are dropped) or to save theirs over it.
 */
export function StaleNotice({ noun, onReload, onOverwrite }: { noun: string; onReload: () => void; onOverwrite: () => void }) {
  return (
    <div role="alert" className="rounded-lg border-2 border-fg/40 p-4">
      <p className="font-semibold">This {noun} was changed somewhere else after you opened it</p>
      <p className="mt-1 text-sm">In another tab, or by a feed sync. What you typed is still in the form.</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" className="btn btn-ghost" onClick={onReload}>
          Load the other version
        </button>
        <button type="button" className="btn" onClick={onOverwrite}>
          Save mine over it
        </button>
      </div>
    </div>
  );
}
