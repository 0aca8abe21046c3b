// Static page throughput: our server next to nginx serving the same prerendered file, on the same
// machine in the same run, with the same load (gzip accepted, same connections and duration).
// nginx runs one worker process from a temporary config, as our server is one process, twice:
// `gzip on` (compressing each response) and `gzip_static on` (a copy of the file gzipped once at
// level 9, which is what our server does at start-up). wrk (one thread) measures when installed,
// since autocannon on the same two cores saturates before either server does; otherwise autocannon.
// Run from the repository root after `npm run build`:
//   node bench/static/run.mjs [--duration 20] [--connections 50] [--page /en] [--tool wrk|autocannon]
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { assertRunning, freePort, load, machineLine, root, startServer, table } from "../lib.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "20" },
    connections: { type: "string", default: "50" },
    page: { type: "string", default: "/en" },
    tool: { type: "string" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const page = values.page;
const file = path.join(root, "build/client", page.slice(1), "index.html");
if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
const findNginx = () => ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"].find((p) => existsSync(p));
const findWrk = () => spawnSync("wrk", ["-v"]).error === undefined;

/** Installs the missing Debian packages when we are root; the nginx service is not started. */
function aptInstall(packages) {
  console.error(`installing ${packages.join(" ")} with apt-get`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  // policy-rc.d answers 101 to the package scripts, so they do not start a system nginx on port 80.
  const policy = "/usr/sbin/policy-rc.d";
  const ownPolicy = !existsSync(policy);
  if (ownPolicy) writeFileSync(policy, "#!/bin/sh\nexit 101\n", { mode: 0o755 });
  try {
    for (const args of [
      ["update", "-qq"],
      ["install", "-y", "-qq", ...packages],
    ]) {
      const r = spawnSync("apt-get", args, { env, stdio: ["ignore", "ignore", "inherit"] });
      if (r.status !== 0) throw new Error(`apt-get ${args.join(" ")} failed`);
    }
  } finally {
    if (ownPolicy) rmSync(policy, { force: true });
  }
}

const missing = [...(findNginx() ? [] : ["nginx"]), ...(findWrk() || values.tool === "autocannon" ? [] : ["wrk"])];
if (missing.length && process.getuid?.() === 0 && spawnSync("apt-get", ["--version"]).error === undefined) aptInstall(missing);
const nginxBin = findNginx();
if (!nginxBin) {
  console.error("nginx is not installed. Install it (Debian: `sudo apt-get install -y nginx wrk`) and run again.");
  process.exit(3);
}
const hasWrk = findWrk();
const tool = values.tool ?? (hasWrk ? "wrk" : "autocannon");
if (!["autocannon", "wrk"].includes(tool)) throw new Error("--tool must be wrk or autocannon");
if (tool === "wrk" && !hasWrk) throw new Error("wrk is not installed (Debian: apt-get install -y wrk)");
if (!hasWrk) console.error("wrk is not installed (Debian: apt-get install -y wrk); measuring with autocannon, which limits the rates");

async function startNginx() {
  const bin = nginxBin;
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub));
  // The gzip_static site: the same file, plus its gzip -9 copy beside it.
  const site = path.join(dir, "site", page.slice(1));
  mkdirSync(site, { recursive: true });
  const html = readFileSync(file);
  writeFileSync(path.join(site, "index.html"), html);
  writeFileSync(path.join(site, "index.html.gz"), gzipSync(html, { level: 9 }));
  const [port, staticPort] = [await freePort(), await freePort()];
  const conf = path.join(dir, "nginx.conf");
  writeFileSync(
    conf,
    `daemon off;
${process.getuid?.() === 0 ? "user root;" : ""}
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  default_type text/html;
  sendfile on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  gzip on;
  server {
    listen 127.0.0.1:${port};
    root ${path.join(root, "build/client")};
    location = ${page} { try_files ${page}/index.html =404; }
  }
  server {
    listen 127.0.0.1:${staticPort};
    root ${dir}/site;
    gzip_static on;
    location = ${page} { try_files ${page}/index.html =404; }
  }
}
`,
  );
  const child = spawn(bin, ["-p", dir, "-c", conf], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${url}${page}`)).ok) break;
    } catch {}
    if (i > 100) throw new Error("nginx did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  // nginx prints its version on stderr.
  const version = /nginx\/[\d.]+/.exec(spawnSync(bin, ["-v"], { encoding: "utf8" }).stderr)?.[0] ?? "nginx";
  return {
    url,
    staticUrl: `http://127.0.0.1:${staticPort}`,
    version,
    async stop() {
      child.kill("SIGQUIT");
      await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** wrk with one thread, parsed into the same summary as autocannon's. */
function wrk(url, seconds) {
  const out = execFileSync(
    "wrk",
    ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: gzip", "--timeout", "10s", url],
    { encoding: "utf8" },
  );
  const ms = (v, unit) => Number(v) * { us: 0.001, ms: 1, s: 1000 }[unit];
  const pct = (p) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)`, "m").exec(out);
    return m ? Math.round(ms(m[1], m[2])) : Number.NaN;
  };
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const bytes = /requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(out);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    p50: pct(50),
    p99: pct(99),
    ok: total - non2xx,
    non2xx,
    errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) + Number(errors[4]) : 0,
    timeouts: errors ? Number(errors[4]) : 0,
    bytesPerRequest: bytes && total ? (Number(bytes[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[bytes[2]]) / total : 0,
  };
}

const measure = (url, seconds) =>
  tool === "wrk" ? wrk(url, seconds) : load({ url, connections, duration: seconds, headers: { "accept-encoding": "gzip" } });

const server = await startServer();
let nginx;
const rows = [];
try {
  nginx = await startNginx();
  const name = `${nginx.version}, 1 worker`;
  for (const [label, url] of [
    ["our server (node build/node/main.js)", `${server.url}${page}`],
    [`${name}, gzip on`, `${nginx.url}${page}`],
    [`${name}, gzip_static on`, `${nginx.staticUrl}${page}`],
  ]) {
    const check = await fetch(url, { headers: { "accept-encoding": "gzip" } });
    if (!check.ok) throw new Error(`${url} answered ${check.status}`);
    await measure(url, 2); // warm-up
    const r = await measure(url, duration);
    assertRunning(server);
    rows.push({ label, encoding: check.headers.get("content-encoding") ?? "none", ...r });
    console.error(`${label}: ${Math.round(r.rps)} req/s, p50 ${r.p50} ms, p99 ${r.p99} ms, non-2xx ${r.non2xx}, errors ${r.errors}`);
  }
} finally {
  await nginx?.stop();
  await server.stop();
}

const [ours, gzipOn, gzipStatic] = rows;
console.log(`\n${machineLine()}`);
console.log(
  `GET ${page} (build/client${page}/index.html), Accept-Encoding: gzip, ${tool}${tool === "wrk" ? " -t1" : ""}, ${duration} s at ${connections} connections per row\n`,
);
console.log(
  table(
    ["server", "req/s (mean)", "p50 ms", "p99 ms", "2xx", "non-2xx", "errors", "encoding", "bytes/response"],
    rows.map((r) => [r.label, Math.round(r.rps), r.p50, r.p99, r.ok, r.non2xx, r.errors, r.encoding, Math.round(r.bytesPerRequest)]),
  ),
);
const ratio = (a, b) => (a && b ? (a.rps / b.rps).toFixed(2) : "n/a");
console.log(`\nOur server / nginx gzip on: ${ratio(ours, gzipOn)}; our server / nginx gzip_static: ${ratio(ours, gzipStatic)}`);
