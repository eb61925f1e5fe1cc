import { Trans } from "@lingui/react";

/**
 * Said when the episode's audio cannot be loaded (the file is gone, its host refuses, it is not
 * audio): in words, with a link to the file, so the visitor can still open it (the browser, a
 * download, another player) rather than face a button that does nothing.
 */
export function AudioFailure({ audioUrl, compact = false }: { audioUrl: string; compact?: boolean }) {
  // <0> the link to the file, <1> what only a screen reader says of it.
  const components = {
    0: <a href={audioUrl} target="_blank" rel="noopener noreferrer" className="font-semibold underline" />,
    1: <span className="sr-only" />,
  };
  return (
    <p role="alert" className={compact ? "truncate text-sm" : "text-sm"}>
      {compact ? <Trans id="player.loadFailedShort" components={components} /> : <Trans id="player.loadFailed" components={components} />}
    </p>
  );
}
