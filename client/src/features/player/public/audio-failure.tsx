/**
 * Said when the episode's audio cannot be loaded (the file is gone, its host refuses, it is not
 * audio): in words, with a link to the file, so the visitor can still open it (the browser, a
 * download, another player) rather than face a button that does nothing.
 */
export function AudioFailure({ audioUrl, compact = false }: { audioUrl: string; compact?: boolean }) {
  return (
    <p role="alert" className={compact ? "truncate text-sm" : "text-sm"}>
      {compact ? "Could not load. " : "The audio could not be loaded here. "}
      <a href={audioUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
        Open the audio file
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    </p>
  );
}
