import { execFile, execFileSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);

/** The machine's PostgreSQL server binaries, if installed (Debian layout). */
export function postgresBinDir(): string | undefined {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return undefined;
  const version = readdirSync(base).sort().at(-1);
  const dir = version ? path.join(base, version, "bin") : undefined;
  return dir && existsSync(path.join(dir, "pg_ctl")) ? dir : undefined;
}

/**
 * A private PostgreSQL server in a temporary folder on its own port, which a test may stop and
 * start to simulate an outage without touching the shared server. Runs as the `postgres` user
 * when the tests run as root (PostgreSQL refuses to run as root).
 */
export function ownPostgres(port: number) {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL server binaries not found");
  const dir = mkdtempSync(path.join(tmpdir(), "crm-pg-"));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString());
    chownSync(dir, uid, gid);
  }
  const command = (tool: string, args: string[]): [string, string[]] =>
    asRoot ? ["runuser", ["-u", "postgres", "--", path.join(bin, tool), ...args]] : [path.join(bin, tool), args];
  const run = (tool: string, args: string[]) => execFileSync(...command(tool, args), { stdio: "pipe" });
  /** Without blocking this process: requests a test has under way go on while the server stops or starts. */
  const runAsync = async (tool: string, args: string[]) => void (await execFileAsync(...command(tool, args)));
  const data = path.join(dir, "data");
  run("initdb", ["-D", data, "-A", "trust", "-U", "postgres", "--no-sync"]);
  const startArgs = [
    "-D",
    data,
    "-w",
    "-l",
    path.join(dir, "log"),
    "-o",
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
    "start",
  ];
  const stopArgs = ["-D", data, "-w", "-m", "fast", "stop"];
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Starts the server and resolves once it accepts connections. */
    start: () => runAsync("pg_ctl", startArgs),
    /** Stops the server as `pg_ctlcluster … stop` does (fast: open sessions are ended), resolving once it is down. */
    stop: () => runAsync("pg_ctl", stopArgs),
    destroy() {
      try {
        run("pg_ctl", stopArgs);
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
