// Static answers at the platform's limit: our server next to a bare Node `http` server answering the
// same gzip bytes from memory (what Node allows) and nginx with `gzip_static` (what a static host
// does), for prerendered pages and a hashed asset. Every server runs alone on CPU 0 (`taskset`),
// one process or one nginx worker each, and wrk (one thread) alone on the last CPU: a ratio holds
// only when both servers get the same single core and the load generator another.
// Besides req/s, each row gives the server's CPU time per request (from /proc), the figure that
// moves least when other work shares the machine.
// Run from the repository root after `npm run build`:
//   node bench/static/run.mjs [--duration 10] [--connections 50] [--pages /en,/de,/en/privacy-policy,asset]
//                             [--before OTHER_CHECKOUT/build/node/main.js] [--rounds 1] [--slice 2]
// `asset` names the build's largest hashed script. `--before` adds a row for another build of the
// server (a second checkout), measured alternately with this one, `--rounds` times. Each row's
// `--duration` is cut into slices of `--slice` seconds and the servers take turns slice by slice:
// the machine's speed drifts over minutes, and a ratio of two servers measured a minute apart
// measured the drift as much as the servers. "/ nginx, each slice" shows how far the slices spread.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { assertRunning, freePort, machineLine, pinning, root, startServer, stopProcess, table } from "../lib.mjs";

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    pages: { type: "string", default: "/en,/de,/en/privacy-policy,asset" },
    before: { type: "string" },
    rounds: { type: "string", default: "1" },
    slice: { type: "string", default: "2" },
  },
});
const duration = Number(values.duration);
const connections = Number(values.connections);
const rounds = Number(values.rounds);
const sliceSeconds = Number(values.slice);
const slices = Math.max(1, Math.round(duration / sliceSeconds));
const clientDir = path.join(root, "build/client");

/** The largest hashed script of the build: the file every page loads. */
function largestAsset(dir = path.join(clientDir, "assets")) {
  const [name] = readdirSync(dir)
    .filter((n) => n.endsWith(".js"))
    .sort((a, b) => statSync(path.join(dir, b)).size - statSync(path.join(dir, a)).size);
  return `/assets/${name}`;
}

/** A path, the file it names in build/client, its type and the gzip bytes the references serve. */
const targets = values.pages.split(",").map((p) => {
  const urlPath = p.trim() === "asset" ? largestAsset() : p.trim();
  const isAsset = urlPath.startsWith("/assets/");
  const file = isAsset ? path.join(clientDir, urlPath) : path.join(clientDir, urlPath.slice(1), "index.html");
  if (!existsSync(file)) throw new Error(`${file} is missing: run \`npm run build\` first`);
  const gzip = isAsset && existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : gzipSync(readFileSync(file), { level: 9 });
  const type = isAsset ? "text/javascript; charset=utf-8" : "text/html; charset=utf-8";
  return { urlPath, isAsset, file, gzip, type };
});

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

const missing = [...(findNginx() ? [] : ["nginx"]), ...(findWrk() ? [] : ["wrk"])];
if (missing.length && process.getuid?.() === 0 && spawnSync("apt-get", ["--version"]).error === undefined) aptInstall(missing);
const nginxBin = findNginx();
if (!nginxBin || !findWrk()) {
  console.error("nginx and wrk are needed (Debian: `sudo apt-get install -y nginx wrk`).");
  process.exit(3);
}
const pin = pinning();
if (pin.server === undefined) console.error(`${pin.line}: the ratios need two CPUs and taskset`);
/** The command prefix that runs a reference server on the server's CPU. */
const onServerCpu = (command) => (pin.server === undefined ? command : ["taskset", "-c", String(pin.server), ...command]);

async function waitFor(url, child, name) {
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {}
    if (i > 100) throw new Error(`${name} did not start`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** nginx, one worker, serving each target's gzip copy with `gzip_static`. */
async function startNginx() {
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-nginx-"));
  for (const sub of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(dir, sub));
  const locations = [];
  for (const t of targets) {
    const rel = t.isAsset ? t.urlPath.slice(1) : path.join(t.urlPath.slice(1), "index.html");
    const target = path.join(dir, "site", rel);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, readFileSync(t.file));
    writeFileSync(`${target}.gz`, t.gzip);
    if (!t.isAsset) locations.push(`location = ${t.urlPath} { try_files /${rel} =404; }`);
  }
  const port = await freePort();
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
  types { text/html html; text/javascript js; }
  sendfile on;
  keepalive_timeout 65;
  keepalive_requests 1000000;
  gzip_static on;
  server {
    listen 127.0.0.1:${port};
    root ${dir}/site;
    ${locations.join("\n    ")}
  }
}
`,
  );
  const [bin, ...args] = onServerCpu([nginxBin, "-p", dir, "-c", conf]);
  const child = spawn(bin, args, { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${targets[0].urlPath}`, child, "nginx");
  // nginx prints its version on stderr.
  const version = /nginx\/[\d.]+/.exec(spawnSync(nginxBin, ["-v"], { encoding: "utf8" }).stderr)?.[0] ?? "nginx";
  return {
    label: `${version}, 1 worker, gzip_static`,
    url,
    pid: child.pid,
    async stop() {
      child.kill("SIGQUIT");
      await new Promise((r) => (child.exitCode !== null ? r() : child.once("exit", r)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Headers the connection or the moment sets, which the bare server's own Node writes for itself. */
const OWN_HEADERS = new Set([
  "date",
  "connection",
  "keep-alive",
  "content-length",
  "content-encoding",
  "content-type",
  "transfer-encoding",
]);

/** The headers our server sends with each target's answer, to be sent alike by the bare server. */
async function ourHeaders(url) {
  const headers = {};
  for (const t of targets) {
    const res = await fetch(`${url}${t.urlPath}`, { headers: { "accept-encoding": "gzip" } });
    await res.arrayBuffer();
    headers[t.urlPath] = Object.fromEntries([...res.headers].filter(([name]) => !OWN_HEADERS.has(name)));
  }
  return headers;
}

/**
 * The bare Node reference (bare-node.mjs) answering each target's gzip bytes; with `headers`, also
 * sending every header our server sends (security headers, ETag, request id), so the gap that is
 * left is our handling of a request, not the bytes and checks of the headers themselves.
 */
async function startBareNode(headers) {
  const dir = mkdtempSync(path.join(tmpdir(), "crm-bench-bare-"));
  const specs = targets.map((t, i) => {
    const gz = path.join(dir, `${i}.gz`);
    writeFileSync(gz, t.gzip);
    return `${t.urlPath}=${gz}:${t.type}`;
  });
  const headerArgs = [];
  if (headers) {
    const file = path.join(dir, "headers.json");
    writeFileSync(file, JSON.stringify(headers));
    headerArgs.push("--headers", file);
  }
  const port = await freePort();
  const [bin, ...args] = onServerCpu([
    process.execPath,
    path.join(import.meta.dirname, "bare-node.mjs"),
    String(port),
    ...headerArgs,
    ...specs,
  ]);
  const child = spawn(bin, args, { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}${targets[0].urlPath}`, child, "bare Node server");
  return {
    label: `bare Node ${process.version} http server, one cached gzip buffer${headers ? ", with our headers" : ""}`,
    url,
    pid: child.pid,
    async stop() {
      await stopProcess(child);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function startProduct(label, script) {
  const server = await startServer({ cpu: pin.server, script });
  // Another build names its hashed script differently: it is measured on its own largest script.
  const asset = script ? largestAsset(path.join(path.dirname(script), "../client/assets")) : undefined;
  return { label, url: server.url, pid: server.pid, server, asset, stop: () => server.stop() };
}

/** CPU seconds a process and its children (nginx's worker) have used, from /proc. */
function cpuSeconds(pid) {
  const ticks = 100; // USER_HZ on Linux
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    let total = (Number(fields[11]) + Number(fields[12])) / ticks;
    for (const task of readdirSync(`/proc/${pid}/task`)) {
      const children = readFileSync(`/proc/${pid}/task/${task}/children`, "utf8").trim();
      for (const child of children ? children.split(" ") : []) total += cpuSeconds(child);
    }
    return total;
  } catch {
    return Number.NaN;
  }
}

/** wrk with one thread (on this process's CPU), parsed. */
function wrk(url, seconds) {
  const out = execFileSync(
    "wrk",
    ["-t1", `-c${connections}`, `-d${seconds}s`, "--latency", "-H", "Accept-Encoding: gzip", "--timeout", "10s", url],
    { encoding: "utf8" },
  );
  const ms = (v, unit) => Number(v) * { us: 0.001, ms: 1, s: 1000 }[unit];
  const pct = (p) => {
    const m = new RegExp(`^\\s*${p}%\\s+([\\d.]+)(us|ms|s)`, "m").exec(out);
    return m ? Math.round(ms(m[1], m[2]) * 10) / 10 : Number.NaN;
  };
  const total = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const bytes = /requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(out);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return {
    rps: Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]),
    total,
    p50: pct(50),
    p99: pct(99),
    non2xx,
    errors: errors ? Number(errors[1]) + Number(errors[2]) + Number(errors[3]) + Number(errors[4]) : 0,
    bytesPerRequest: bytes && total ? (Number(bytes[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[bytes[2]]) / total : 0,
  };
}

/** One row from a server's slices: totals over all of them, the median slice's latencies, each slice's rate. */
function combined(parts) {
  const total = parts.reduce((a, p) => a + p.total, 0);
  const median = (key) => parts.map((p) => p[key]).sort((a, b) => a - b)[Math.floor(parts.length / 2)];
  return {
    rps: total / (parts.length * sliceSeconds),
    total,
    cpuUs: (parts.reduce((a, p) => a + p.cpu, 0) / total) * 1e6,
    p50: median("p50"),
    p99: median("p99"),
    non2xx: parts.reduce((a, p) => a + p.non2xx, 0),
    errors: parts.reduce((a, p) => a + p.errors, 0),
    bytesPerRequest: parts.reduce((a, p) => a + p.bytesPerRequest * p.total, 0) / total,
    sliceRps: parts.map((p) => p.rps),
  };
}

const servers = [];
const rows = [];
try {
  servers.push(await startProduct("our server (build/node/main.js)"));
  if (values.before) servers.push(await startProduct(`before (${values.before})`, values.before));
  servers.push(await startBareNode(), await startBareNode(await ourHeaders(servers[0].url)), await startNginx());
  for (let round = 1; round <= rounds; round++) {
    for (const t of targets) {
      const urlOf = (s) => `${s.url}${t.isAsset && s.asset ? s.asset : t.urlPath}`;
      for (const s of servers) {
        const url = urlOf(s);
        const check = await fetch(url, { headers: { "accept-encoding": "gzip" } });
        if (!check.ok) throw new Error(`${url} answered ${check.status}`);
        if (check.headers.get("content-encoding") !== "gzip") throw new Error(`${url} did not answer gzip`);
        wrk(url, 2); // warm-up
      }
      // The servers take turns slice by slice, so a machine that slows down for a while slows them alike.
      const parts = servers.map(() => []);
      for (let slice = 0; slice < slices; slice++) {
        servers.forEach((s, i) => {
          const cpuBefore = cpuSeconds(s.pid);
          const r = wrk(urlOf(s), sliceSeconds);
          parts[i].push({ ...r, cpu: cpuSeconds(s.pid) - cpuBefore });
          if (s.server) assertRunning(s.server);
        });
      }
      servers.forEach((s, i) => {
        const r = combined(parts[i]);
        rows.push({ round, path: t.urlPath, label: s.label, ...r });
        console.error(`${t.urlPath} ${s.label}: ${Math.round(r.rps)} req/s, ${r.cpuUs.toFixed(1)} µs CPU/request, p99 ${r.p99} ms`);
      });
    }
  }
} finally {
  for (const s of servers.reverse()) await s.stop();
}

console.log(`\n${machineLine()}`);
console.log(
  `GET with Accept-Encoding: gzip, wrk -t1, ${slices * sliceSeconds} s at ${connections} connections per row in ${slices} turns of ${sliceSeconds} s, ${pin.line}, each server alone on its CPU\n`,
);
const nginxOf = (r) => rows.find((o) => o.round === r.round && o.path === r.path && o.label.startsWith("nginx"));
const bareOf = (r) =>
  rows.find((o) => o.round === r.round && o.path === r.path && o.label.startsWith("bare Node") && !o.label.endsWith("with our headers"));
const ratio = (a, b) => (a && b ? (a.rps / b.rps).toFixed(2) : "n/a");
/** The lowest and highest ratio to nginx of one slice against nginx's same slice. */
const sliceSpread = (r, n) => {
  if (!n) return "n/a";
  const each = r.sliceRps.map((rps, i) => rps / n.sliceRps[i]);
  return `${Math.min(...each).toFixed(2)}–${Math.max(...each).toFixed(2)}`;
};
console.log(
  table(
    [
      ...(rounds > 1 ? ["round"] : []),
      "path",
      "server",
      "req/s",
      "/ nginx",
      "/ nginx, each slice",
      "/ bare Node",
      "CPU µs/request",
      "p50 ms",
      "p99 ms",
      "non-2xx",
      "errors",
      "bytes/response",
    ],
    rows.map((r) => [
      ...(rounds > 1 ? [r.round] : []),
      r.path,
      r.label,
      Math.round(r.rps),
      ratio(r, nginxOf(r)),
      sliceSpread(r, nginxOf(r)),
      ratio(r, bareOf(r)),
      r.cpuUs.toFixed(1),
      r.p50,
      r.p99,
      r.non2xx,
      r.errors,
      Math.round(r.bytesPerRequest),
    ]),
  ),
);
