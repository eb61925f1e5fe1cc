/** The project's root folder. */
export const root: string;
/** Builds the named parts ("client", "server") when missing or older than their sources. */
export function ensureBuilt(names: Array<"client" | "server">): void;
