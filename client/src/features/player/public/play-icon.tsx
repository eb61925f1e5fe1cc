export function Icon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-6 w-6" fill="currentColor">
      <path d={path} />
    </svg>
  );
}
export const PLAY = "M8 5.5v13a1 1 0 0 0 1.5.86l10.5-6.5a1 1 0 0 0 0-1.72L9.5 4.64A1 1 0 0 0 8 5.5Z";
export const PAUSE = "M7 5h3.5v14H7zM13.5 5H17v14h-3.5z";
