/**
 * A stored time as the admin's browser writes dates (its own locale and zone); what cannot be
 * read as a date is shown as it came.
 */
export function localDate(iso: string, withTime = false): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return withTime ? date.toLocaleString() : date.toLocaleDateString();
}
