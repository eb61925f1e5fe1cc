import fs from "node:fs";
import { loadConfig } from "./config";
import { connectDatabase, type Database } from "./platform/db/client";
import type { EmbeddedServer } from "./platform/db/embedded";
import { runMigrations } from "./platform/db/migrate";
import { AppError, sayWords } from "./platform/http/errors";
import { createLogger } from "./platform/runtime/logger";
import { createLargeFileStore, createMessageFileStore, createObjectStore } from "./platform/objects";
import { RestoreError, restoreBackup, writeBackup } from "./modules/backup";
import { translator } from "./modules/languages";

const USAGE = "usage: npm run backup -- FILE | npm run restore -- FILE";

/**
 * `npm run backup -- FILE` and `npm run restore -- FILE`. They use the database the
 * site uses: DATABASE_URL, or the embedded one in DATA_DIR (the running site's, or started for
 * the occasion), so one archive also moves a site from the embedded default to a server.
 */
async function main(argv: string[]): Promise<number> {
  const [command, file] = argv;
  if ((command !== "backup" && command !== "restore") || !file) {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  const logger = createLogger(config.logLevel === "info" ? "warn" : config.logLevel);
  let embedded: EmbeddedServer | undefined;
  let database: Database | undefined;
  try {
    let url = config.databaseUrl;
    if (!url) {
      const { runningEmbeddedUrl, startEmbeddedPostgres } = await import("./platform/db/embedded");
      url = runningEmbeddedUrl(config.dataDir) ?? undefined;
      if (!url) {
        embedded = await startEmbeddedPostgres(config.dataDir, logger);
        url = embedded.url;
      }
    }
    database = connectDatabase(url);
    await runMigrations(url);
    const store = await createObjectStore(config);
    const largeFiles = await createLargeFileStore(config);
    const messageFiles = await createMessageFileStore(config);
    if (command === "backup") {
      const tmp = `${file}.partial`;
      const result = await writeBackup(database.pool, store, fs.createWriteStream(tmp, { mode: 0o600 }), largeFiles, messageFiles);
      fs.renameSync(tmp, file);
      process.stdout.write(
        `Backed up ${result.rows} rows, ${result.objects} files, ${result.files} hand-ins and ${result.messageFiles} voice messages to ${file}\n`,
      );
    } else {
      if (!fs.existsSync(file)) throw new RestoreError(`No such file: ${file}`);
      const result = await restoreBackup(database.pool, store, fs.createReadStream(file), largeFiles, messageFiles);
      process.stdout.write(
        `Restored ${result.rows} rows, ${result.objects} files, ${result.files} hand-ins and ${result.messageFiles} voice messages from ${file}\n`,
      );
    }
    return 0;
  } catch (err) {
    // In English, like the logs: whoever runs the command reads them in a terminal.
    const message = err instanceof AppError ? sayWords(err.words, translator("en").t) : `${(err as Error).message}`;
    process.stderr.write(`${command} failed: ${message}\n`);
    return 1;
  } finally {
    await database?.close();
    await embedded?.stop();
  }
}

main(process.argv.slice(2)).then((code) => process.exit(code));
