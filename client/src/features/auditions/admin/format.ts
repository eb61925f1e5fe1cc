/** A file's size as people read it: "1.2 GB", "350 MB", "12 KB". */
export function fileSize(bytes: number): string {
  const units = ["bytes", "KB", "MB", "GB", "TB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return unit === 0 ? `${bytes} bytes` : `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
