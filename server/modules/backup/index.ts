/** The backup: every table and every file in one archive, and its restore. This file is the module's door: the rest of the server uses only what it exports. */
export { backupRouter } from "./routes";
export { RestoreError, restoreBackup, writeBackup } from "./service";
