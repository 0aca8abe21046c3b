import { existsSync } from "node:fs";
import path from "node:path";
import { BackupError, writeBackup } from "../db/backup.js";
import { type Command, usage } from "./command.js";

const USAGE = `Usage:
  npm run backup -- FILE     writes a consistent backup of the embedded database in DATA_DIR to FILE,
                             a new file (e.g. crm-$(date +%F).tar.gz), readable by its owner only
  npm run restore -- FILE    restores a backup into an empty DATA_DIR (with the server stopped)

While a server has the embedded database open, the server writes the backup (through the local socket
DATA_DIR/server.sock) and keeps answering; requests wait while the archive is taken. On PostgreSQL
(DATABASE_URL), use pg_dump instead (see the README).`;

type Args = { file: string };

/** `npm run backup`: a backup of the embedded database (decision 012). */
export const backupCommand: Command<Args> = {
  usage: USAGE,
  parse(argv) {
    const [file, ...rest] = argv;
    if (!file || rest.length || file.startsWith("-")) return usage(USAGE, { help: file === "--help" || file === "-h" });
    // The command line makes it absolute: the server writing it may run in another folder.
    if (!path.isAbsolute(file)) return usage(USAGE, { error: "FILE must be an absolute path." });
    return { args: { file } };
  },
  async run({ dumpDatabase }, { file }) {
    const refuse = (message: string) => ({ stdout: "", stderr: `${message}\n`, exitCode: 1 });
    if (!dumpDatabase) {
      return refuse(
        'The database is PostgreSQL (DATABASE_URL): back it up with pg_dump, e.g. pg_dump --format=custom --file=FILE "$DATABASE_URL".',
      );
    }
    if (existsSync(file)) return refuse(`${file} exists already: give the backup a new name.`);
    try {
      const bytes = await writeBackup(await dumpDatabase(), file);
      const size = `${(bytes / 1024 / 1024).toFixed(1)} MB`;
      return { stdout: `Backup written to ${file} (${size}). Restore it with: npm run restore -- ${file}\n`, stderr: "", exitCode: 0 };
    } catch (error) {
      if (error instanceof BackupError) return refuse(error.message);
      throw error;
    }
  },
};
