/**
 * Backup and restore in one module: both are the archive's line format (`Line`), and a change
 * to what one writes is a change to what the other reads.
 */
import { once } from "node:events";
import readline from "node:readline";
import { PassThrough, type Readable, type Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import zlib from "node:zlib";
import type pg from "pg";
import type { LargeFileStore } from "../../platform/objects/large-files";
import type { ObjectStore } from "../../platform/objects/store";
import { BACKUP_TABLES, countRows, readTables, writeTables, type BackupTable } from "./storage";

const BACKUP_FORMAT = "podcast-site-backup";
const BACKUP_VERSION = 1;

type Line =
  | { type: "header"; format: string; version: number; createdAt: string }
  | { type: "row"; table: BackupTable; row: Record<string, unknown> }
  | { type: "object"; id: string; contentType: string; data: string }
  /** A slice of a large file (an audition hand-in), in order: a file never sits whole in a line or in memory. */
  | { type: "file-chunk"; id: string; data: string }
  /** A slice of a voice message's recording, in order, like a hand-in's. */
  | { type: "message-file-chunk"; id: string; data: string }
  | { type: "end"; rows: number; objects: number; files?: number; messageFiles?: number };

/** Bytes of a large file per line (1 MiB of base64). */
const FILE_CHUNK_BYTES = 768 * 1024;

/**
 * Why a restore was refused, said to whoever runs `npm run restore` (cli.ts) in English, like the
 * logs: a restore is never a request, so no visitor's language applies.
 */
export class RestoreError extends Error {
  override readonly name = "RestoreError";
}

/**
 * One archive, gzip of JSON lines: a header, every row of every content table, every uploaded
 * object (base64), every finished audition hand-in's file in 768 KiB slices (streamed from the
 * store, so a 1 GB WAV costs the backup no more memory than a small one), and an end line with
 * the counts so a cut-off file is noticed. Uploads still under way are not content: left out.
 */
export async function writeBackup(
  pool: pg.Pool,
  store: ObjectStore,
  out: Writable,
  largeFiles?: LargeFileStore,
  messageFiles?: LargeFileStore,
): Promise<{ rows: number; objects: number; files: number; messageFiles: number }> {
  const counts = { rows: 0, objects: 0, files: 0, messageFiles: 0 };
  async function* lines(): AsyncGenerator<string> {
    const line = (value: Line) => JSON.stringify(value) + "\n";
    yield line({ type: "header", format: BACKUP_FORMAT, version: BACKUP_VERSION, createdAt: new Date().toISOString() });
    const objectIds: string[] = [];
    const fileIds: string[] = [];
    const messageFileIds: string[] = [];
    for await (const { table, row } of readTables(pool)) {
      if (table === "auditions") {
        if (row.upload_state !== "complete" || !largeFiles) continue;
        fileIds.push(String(row.id));
      }
      if (table === "messages") {
        // Only arrived messages are content; the network's daily key stays behind.
        if (row.state !== "arrived" || (row.kind === "voice" && !messageFiles)) continue;
        if (row.kind === "voice") messageFileIds.push(String(row.id));
        row.network_key = null;
      }
      yield line({ type: "row", table, row });
      counts.rows++;
      if (table === "objects" && row.status === "complete") objectIds.push(String(row.id));
    }
    for (const id of objectIds) {
      const object = await store.read(id);
      if (!object) continue;
      yield line({ type: "object", id, contentType: object.contentType, data: object.data.toString("base64") });
      counts.objects++;
    }
    for (const id of fileIds) {
      const size = await largeFiles!.size(id);
      if (size === null) throw new Error(`the file of audition hand-in ${id} is missing from the store`);
      yield* fileSlices(largeFiles!, id, size, "file-chunk");
      counts.files++;
    }
    for (const id of messageFileIds) {
      const size = await messageFiles!.size(id);
      if (size === null) throw new Error(`the recording of message ${id} is missing from the store`);
      yield* fileSlices(messageFiles!, id, size, "message-file-chunk");
      counts.messageFiles++;
    }
    yield line({ type: "end", rows: counts.rows, objects: counts.objects, files: counts.files, messageFiles: counts.messageFiles });
  }
  // One pipeline: a reader that goes away, or a failure half-way, ends every part of it (and
  // the read transaction) instead of leaving a stream open or an error unhandled.
  await pipeline(lines, zlib.createGzip(), out);
  return counts;
}

/** A large file's lines, in slices of FILE_CHUNK_BYTES streamed from its store. */
async function* fileSlices(
  files: LargeFileStore,
  id: string,
  size: number,
  type: "file-chunk" | "message-file-chunk",
): AsyncGenerator<string> {
  if (size === 0) return;
  const line = (data: Buffer) => JSON.stringify({ type, id, data: data.toString("base64") } satisfies Line) + "\n";
  let pending = Buffer.alloc(0);
  for await (const chunk of await files.read(id, 0, size - 1)) {
    pending = Buffer.concat([pending, chunk as Buffer]);
    while (pending.length >= FILE_CHUNK_BYTES) {
      yield line(pending.subarray(0, FILE_CHUNK_BYTES));
      pending = pending.subarray(FILE_CHUNK_BYTES);
    }
  }
  if (pending.length > 0) yield line(pending);
}

async function* parseLines(input: Readable): AsyncGenerator<Line> {
  const lines = readline.createInterface({ input: input.pipe(zlib.createGunzip()), crlfDelay: Infinity });
  for await (const text of lines) {
    if (!text.trim()) continue;
    yield JSON.parse(text) as Line;
  }
}

/**
 * A row as this version keeps it: an audition log entry from a backup made before the log kept
 * only the candidate's number loses the secret prefix here, as the access_log_numbers migration does in place.
 */
function asToday(line: Extract<Line, { type: "row" }>): Extract<Line, { type: "row" }> {
  if (line.table !== "editor_access_log" || typeof line.row.code !== "string") return line;
  return { ...line, row: { ...line.row, code: trailingDigits(line.row.code) } };
}

/** A linear scan from the end: a pattern anchored at the end is retried from every position. */
function trailingDigits(text: string): string | null {
  let start = text.length;
  while (start > 0 && text[start - 1]! >= "0" && text[start - 1]! <= "9") start--;
  return start < text.length ? text.slice(start) : null;
}

type RowLine = Extract<Line, { type: "row" }>;
type ObjectLine = Extract<Line, { type: "object" }>;
type EndLine = Extract<Line, { type: "end" }>;
type LargeFileWriter = ReturnType<typeof createLargeFileWriter>;

/**
 * The hand-ins' large files, written as their slices arrive, one at a time; removed again if the
 * restore fails (`written`: their ids in order; `sizes`: each one's size from its row).
 */
function createLargeFileWriter(largeFiles: LargeFileStore | undefined, what = "audition hand-ins") {
  const written: string[] = [];
  let file = null as { id: string; body: PassThrough; done: Promise<void>; bytes: number } | null;
  /** Each hand-in's size, from its row (rows come first): a file cut short is noticed. */
  const sizes = new Map<string, number>();
  const finish = async () => {
    if (!file) return;
    file.body.end();
    await file.done;
    if (file.bytes !== sizes.get(file.id)) throw new RestoreError("The backup's counts do not match its content");
    file = null;
  };
  /** Starts the file a slice belongs to, after finishing the one before. */
  const start = async (id: string, store: LargeFileStore) => {
    await finish();
    if (written.includes(id)) throw new RestoreError("The backup's file slices are out of order");
    const body = new PassThrough();
    written.push(id);
    const started = { id, body, done: store.writeFrom(id, body), bytes: 0 };
    // Its failure is awaited in finish; this keeps it from being unhandled meanwhile.
    started.done.catch(() => {});
    return (file = started);
  };
  return {
    written,
    sizes,
    /** Ends the file in hand and checks it against its row's size. */
    finish,
    /** Writes one slice, after starting its file when it is the first. */
    async write(line: Extract<Line, { type: "file-chunk" | "message-file-chunk" }>) {
      if (!largeFiles) throw new RestoreError(`This backup holds ${what}, but this site has no store for them`);
      const current = file?.id === line.id ? file : await start(line.id, largeFiles);
      const data = Buffer.from(line.data, "base64");
      current.bytes += data.length;
      if (!current.body.write(data)) await once(current.body, "drain");
    },
    /** Stops the file in hand: the restore failed. */
    destroy: (err: Error) => file?.body.destroy(err),
    /** Removes every file written: the restore failed. */
    removeAll: () => Promise.all(written.map((id) => largeFiles?.remove(id).catch(() => {}))),
  };
}

/** The archive's first line, when it is a header of this format and version. */
function checkHeader(line: Line): Extract<Line, { type: "header" }> {
  if (line.type !== "header" || line.format !== BACKUP_FORMAT || line.version !== BACKUP_VERSION) {
    throw new RestoreError("This file is not a backup of this site (unknown format or version)");
  }
  return line;
}

/** Passes one row to the table writer (waiting when it is full), noting a hand-in's or a voice message's size for its file. */
async function passRow(line: RowLine, rows: PassThrough, files: LargeFileWriter, messageFiles: LargeFileWriter): Promise<void> {
  if (!(BACKUP_TABLES as readonly string[]).includes(line.table)) throw new RestoreError(`Unknown table ${line.table}`);
  if (line.table === "auditions") files.sizes.set(String(line.row.id), Number(line.row.size));
  if (line.table === "messages" && line.row.kind === "voice") messageFiles.sizes.set(String(line.row.id), Number(line.row.size));
  if (!rows.write(asToday(line))) await once(rows, "drain");
}

/**
 * Reads the archive's lines after checking its header: rows to the table writer, file slices to
 * their files, objects into `objects` for later. The rows seen, and the end marker if any.
 */
async function readArchive(
  input: Readable,
  sinks: { rows: PassThrough; files: LargeFileWriter; messageFiles: LargeFileWriter; objects: ObjectLine[] },
): Promise<{ rowsSeen: number; end: EndLine | undefined }> {
  const { rows, files, messageFiles, objects } = sinks;
  let header: Extract<Line, { type: "header" }> | undefined;
  let end: EndLine | undefined;
  let rowsSeen = 0;
  for await (const line of parseLines(input)) {
    if (!header) {
      header = checkHeader(line);
    } else if (line.type === "row") {
      rowsSeen++;
      await passRow(line, rows, files, messageFiles);
    } else if (line.type === "object") {
      objects.push(line);
    } else if (line.type === "file-chunk") {
      await files.write(line);
    } else if (line.type === "message-file-chunk") {
      await messageFiles.write(line);
    } else if (line.type === "end") {
      end = line;
    }
  }
  return { rowsSeen, end };
}

/** Refuses an archive whose end line's counts are not what it held. */
function checkCounts(end: EndLine, seen: { rows: number; objects: number }, files: LargeFileWriter, messageFiles: LargeFileWriter): void {
  if (
    seen.rows !== end.rows ||
    seen.objects !== end.objects ||
    files.written.length !== (end.files ?? 0) ||
    files.written.length !== files.sizes.size ||
    messageFiles.written.length !== (end.messageFiles ?? 0) ||
    messageFiles.written.length !== messageFiles.sizes.size
  )
    throw new RestoreError("The backup's counts do not match its content");
}

/** Restores an archive into an empty database and store; refuses to mix it with existing content. */
export async function restoreBackup(
  pool: pg.Pool,
  store: ObjectStore,
  input: Readable,
  largeFiles?: LargeFileStore,
  messageStore?: LargeFileStore,
): Promise<{ rows: number; objects: number; files: number; messageFiles: number }> {
  if ((await countRows(pool)) > 0) {
    throw new RestoreError("The database already holds content; restore needs an empty database");
  }
  const rows = new PassThrough({ objectMode: true });
  // The reader below reports a failure itself; this keeps an early one from being unhandled.
  rows.on("error", () => {});
  const writing = writeTables(pool, rows);
  // Large files are written as their slices arrive, one at a time; removed again if the restore fails.
  const files = createLargeFileWriter(largeFiles);
  const messageFiles = createLargeFileWriter(messageStore, "voice messages");
  const objects: ObjectLine[] = [];
  try {
    const read = await readArchive(input, { rows, files, messageFiles, objects });
    if (!read.end) throw new RestoreError("The backup is incomplete (no end marker): it was cut off");
    await files.finish();
    await messageFiles.finish();
    checkCounts(read.end, { rows: read.rowsSeen, objects: objects.length }, files, messageFiles);
    // Files first, rows last: the commit never leaves a row pointing at a missing file.
    for (const object of objects) {
      await store.write(object.id, Buffer.from(object.data, "base64"), object.contentType);
    }
    rows.end();
  } catch (err) {
    rows.destroy(err as Error);
    files.destroy(err as Error);
    messageFiles.destroy(err as Error);
    await writing.catch(() => {});
    await Promise.all([files.removeAll(), messageFiles.removeAll()]);
    throw err;
  }
  let rowCount: number;
  try {
    rowCount = await writing;
  } catch (err) {
    await Promise.all([files.removeAll(), messageFiles.removeAll()]);
    throw err;
  }
  return { rows: rowCount, objects: objects.length, files: files.written.length, messageFiles: messageFiles.written.length };
}
