import { type ChildProcess, spawn } from "node:child_process";
import { chmodSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./server.js";

/** Debian's nginx (`apt-get install nginx`), which the cluster tests put in front of the instances. */
export function nginxBinary(): string | undefined {
  return ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].find((file) => existsSync(file));
}

export const DEPLOY_NGINX_CONF = path.resolve("deploy/nginx.conf");

function replaceOnce(text: string, pattern: RegExp, replacement: (match: RegExpMatchArray) => string): string {
  const matches = [...text.matchAll(new RegExp(pattern, `${pattern.flags.replace("g", "")}g`))];
  if (!matches.length) throw new Error(`deploy/nginx.conf no longer has ${pattern}: update tests/support/nginx.ts`);
  let out = text;
  for (const m of matches.reverse()) out = out.slice(0, m.index) + replacement(m) + out.slice((m.index ?? 0) + m[0].length);
  return out;
}

/**
 * deploy/nginx.conf as it runs on this machine: the instances' ports in the upstream (with the
 * file's own parameters), a local port to listen on, and the paths nginx writes in a folder of
 * the test's. Two test-only additions: tests simulate many clients from one machine by naming the
 * client address in `x-simulated-client` (nginx's real-IP module, trusted from this machine only),
 * and each answer names the instance that gave it (`x-served-by`).
 */
export function localNginxConf(conf: string, opts: { port: number; upstreams: number[]; dir: string }): string {
  // The upstream's server lines, all of them at once: each replaced by the whole list would name
  // every instance twice, and nginx's two tries could both go to a stopped one.
  let out = replaceOnce(conf, /^(\s*)server app\d+:3000( [^;]*)?;\n(?:\s*server app\d+:3000[^;]*;\n)*/m, (m) =>
    opts.upstreams.map((port) => `${m[1]}server 127.0.0.1:${port}${m[2] ?? ""};\n`).join(""),
  );
  out = replaceOnce(out, /^(\s*)listen 80;$/m, (m) => `${m[1]}listen 127.0.0.1:${opts.port};`);
  out = replaceOnce(out, /\/var\/cache\/nginx\/assets/, () => path.join(opts.dir, "assets-cache"));
  out = replaceOnce(
    out,
    /^(\s*)access_log \/dev\/stdout upstream;$/m,
    (m) => `${m[1]}access_log ${path.join(opts.dir, "access.log")} upstream;`,
  );
  const temp = ["client_body", "proxy", "fastcgi", "uwsgi", "scgi"]
    .map((kind) => `  ${kind}_temp_path ${path.join(opts.dir, kind)};\n`)
    .join("");
  const testOnly = `${temp}  set_real_ip_from 127.0.0.1;\n  real_ip_header x-simulated-client;\n`;
  out = replaceOnce(out, /^http \{\n/m, (m) => `${m[0]}${testOnly}`);
  out = replaceOnce(out, /^(\s*)listen 127\.0\.0\.1:\d+;\n/m, (m) => `${m[0]}${m[1]}add_header X-Served-By $upstream_addr always;\n`);
  return `pid ${path.join(opts.dir, "nginx.pid")};\n${out}`;
}

export interface Nginx {
  port: number;
  baseUrl: string;
  process: ChildProcess;
  /** The access log so far (one line per request, with the instance that answered). */
  accessLog(): string;
  /**
   * nginx's error log so far (deploy/nginx.conf writes it to stderr): why an answer was 502, e.g.
   * "connect() failed (111: Connection refused)", "upstream prematurely closed connection",
   * "recv() failed (104: Connection reset by peer)", each naming the request and the upstream.
   */
  errorLog(): string;
  stop(): Promise<void>;
}

/**
 * Whether nginx answers on the port, and not another process that took the port first (nginx then
 * keeps trying to bind for a while before it exits): a request line nginx refuses itself, without
 * asking an instance, comes back as 400 with its Server header.
 */
function nginxAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    let head = "";
    const socket = connect({ port, host: "127.0.0.1" }, () => socket.end("READY?\r\n\r\n"));
    socket.setTimeout(2000, () => socket.destroy());
    socket.setEncoding("latin1").on("data", (chunk: string) => {
      head += chunk;
    });
    socket.once("error", () => resolve(false));
    socket.once("close", () => resolve(/^server: nginx/im.test(head)));
  });
}

/** Starts nginx with deploy/nginx.conf in front of the given instance ports, on `port` or a free one. */
export async function startNginx(upstreams: number[], port?: number): Promise<Nginx> {
  const binary = nginxBinary();
  if (!binary) throw new Error("nginx is not installed (apt-get install nginx)");
  const dir = await mkdtemp(path.join(tmpdir(), "crm-nginx-"));
  // Workers run as an unprivileged user when the tests run as root: they must reach the folder.
  chmodSync(dir, 0o755);
  port ??= await freePort();
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, localNginxConf(readFileSync(DEPLOY_NGINX_CONF, "utf8"), { port, upstreams, dir }));
  const child = spawn(binary, ["-p", dir, "-c", file, "-e", path.join(dir, "error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  // Once the configuration is read its `error_log stderr` applies; before that, `-e`'s file.
  let stderr = "";
  child.stderr?.setEncoding("utf8").on("data", (chunk: string) => {
    stderr += chunk;
  });
  const errors = () => (existsSync(path.join(dir, "error.log")) ? readFileSync(path.join(dir, "error.log"), "utf8") : "") + stderr;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${errors()}`);
    if (await nginxAnswers(port)) break;
    if (i >= 200) throw new Error(`nginx did not listen: ${errors()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    process: child,
    accessLog: () => readFileSync(path.join(dir, "access.log"), "utf8"),
    errorLog: () => stderr,
    async stop() {
      if (child.exitCode === null && !child.signalCode) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
