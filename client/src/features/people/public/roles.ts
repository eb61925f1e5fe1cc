/** A role as the feed names it ("guest", "co-host"), as a page shows it: "Guest", "Co-host". */
export const roleLabel = (role: string) => role.charAt(0).toUpperCase() + role.slice(1);
