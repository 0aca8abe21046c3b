// What each long task of a page load does, from a trace Lighthouse saved (`run.mjs --traces DIR`):
// every main-thread task that Lighthouse's simulation counts as blocking (at least 50 ms once slowed
// down 4×, 2× for a task that lays the page out; Lighthouse's "simulate" throttling records the
// trace unthrottled and scales it). For each: when it ran, what started it, where its time went by
// trace event, and, when the trace has JavaScript samples (Lighthouse's
// `--additional-trace-categories=disabled-by-default-v8.cpu_profiler`), the functions and the
// product's source files that ran in it. `--maps DIR` maps minified frames to sources with hidden
// source maps of the same build (`npx vite build -c vite.islands.config.ts --sourcemap hidden
// --outDir DIR` writes files of the same names).
//   node bench/lighthouse/long-tasks.mjs TRACE.json... [--maps DIR] [--min-ms 50]
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";
import { root } from "../lib.mjs";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { maps: { type: "string" }, "min-ms": { type: "string", default: "50" } },
});
const SLOWDOWN = 4;
const LAYOUT_SLOWDOWN = 2;
const minMs = Number(values["min-ms"]);
// The source-map reader Vite's own dependencies bring.
const { SourceMapConsumer } = values.maps ? createRequire(path.join(root, "package.json"))("source-map-js") : {};

const consumers = new Map();
const ms = (us) => `${(us / 1000).toFixed(1)} ms`;

for (const file of positionals) {
  const trace = JSON.parse(readFileSync(file, "utf8"));
  const events = trace.traceEvents ?? trace;
  console.log(`\n## ${path.basename(file)}\n`);
  for (const line of describe(events)) console.log(line);
}

function describe(events) {
  // The page's main thread: the renderer thread that parsed its HTML and ran the most tasks.
  const threadNames = new Map(
    events.filter((e) => e.ph === "M" && e.name === "thread_name").map((e) => [`${e.pid}:${e.tid}`, e.args.name]),
  );
  const busy = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === "RunTask" && e.ph === "X" && threadNames.get(key) === "CrRendererMain") busy.set(key, (busy.get(key) ?? 0) + e.dur);
  }
  const parsedHtml = new Set(events.filter((e) => e.name === "ParseHTML").map((e) => `${e.pid}:${e.tid}`));
  const main = [...busy].filter(([key]) => parsedHtml.has(key)).sort((a, b) => b[1] - a[1])[0]?.[0];
  if (!main) return ["no main thread found"];
  const [pid, tid] = main.split(":").map(Number);
  const own = events
    .filter((e) => e.pid === pid && e.tid === tid && e.ph === "X" && e.dur !== undefined)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const start = (events.find((e) => e.name === "navigationStart" && e.pid === pid) ?? own[0]).ts;
  const fcp = events.find((e) => e.name === "firstContentfulPaint" && e.pid === pid);
  const samples = cpuSamples(events, pid);
  const lines = [`FCP at ${fcp ? ms(fcp.ts - start) : "?"} (unthrottled)`, ""];
  lines.push("| at (unthrottled) | task | at 4× | started by | time by event (self) | JavaScript (self) | product files |");
  lines.push("| --- | --- | --- | --- | --- | --- | --- |");
  for (const task of own.filter((e) => e.name === "RunTask")) {
    const end = task.ts + task.dur;
    const inside = own.filter((e) => e !== task && e.ts >= task.ts && e.ts + e.dur <= end && e.name !== "RunTask");
    const layout = inside.some((e) => e.name === "Layout");
    const simulated = task.dur * (layout ? LAYOUT_SLOWDOWN : SLOWDOWN);
    if (simulated < minMs * 1000) continue;
    const { self, top } = selfTimes(inside);
    const byEvent = [...self]
      .sort((a, b) => b[1] - a[1])
      .filter(([, us]) => us >= 500)
      .slice(0, 5)
      .map(([label, us]) => `${label} ${ms(us)}`);
    const js = samples ? javaScript(samples, task.ts, end) : { functions: [], files: [] };
    lines.push(
      `| ${ms(task.ts - start)}${fcp && task.ts < fcp.ts ? " (before FCP)" : ""} | ${ms(task.dur)} | ${ms(simulated)}${layout ? " (layout: 2×)" : ""} | ${[...new Set(top.map(label))].slice(0, 3).join(", ")} | ${byEvent.join("; ")} | ${js.functions.join("; ")} | ${js.files.join("; ")} |`,
    );
  }
  return lines;
}

/** Self time of each kind of event (its duration less its children's) and the task's top-level events. */
function selfTimes(inside) {
  const self = new Map();
  const top = [];
  const open = [];
  const childTime = new Map();
  for (const e of inside) {
    while (open.length && open.at(-1).ts + open.at(-1).dur <= e.ts) open.pop();
    const parent = open.at(-1);
    if (parent) childTime.set(parent, (childTime.get(parent) ?? 0) + e.dur);
    else top.push(e);
    open.push(e);
  }
  for (const e of inside) self.set(label(e), (self.get(label(e)) ?? 0) + e.dur - (childTime.get(e) ?? 0));
  return { self, top };
}

function label(e) {
  const data = e.args?.data ?? e.args?.beginData ?? {};
  const file = (data.url ?? "").split("/").pop();
  if (["EvaluateScript", "v8.compile", "v8.compileModule", "ParseHTML"].includes(e.name)) return `${e.name} ${file}`.trim();
  if (e.name === "FunctionCall") return `FunctionCall ${data.functionName || ""} ${file}`.replace(/\s+/g, " ").trim();
  if (e.name === "EventDispatch") return `${data.type} event`;
  return e.name;
}

/** The JavaScript samples of the trace's CPU profile on the page's process, with their stacks. */
function cpuSamples(events, pid) {
  const nodes = new Map();
  const samples = [];
  const clock = new Map();
  for (const e of events) {
    if (e.pid !== pid) continue;
    if (e.name === "Profile") clock.set(e.id, e.args.data.startTime);
    if (e.name !== "ProfileChunk") continue;
    const profile = e.args.data.cpuProfile ?? {};
    for (const node of profile.nodes ?? []) nodes.set(`${e.id}:${node.id}`, { ...node, profile: e.id });
    let t = clock.get(e.id) ?? 0;
    (profile.samples ?? []).forEach((id, i) => {
      t += e.args.data.timeDeltas?.[i] ?? 0;
      samples.push({ ts: t, node: nodes.get(`${e.id}:${id}`) });
    });
    clock.set(e.id, t);
  }
  if (samples.length === 0) return null;
  samples.sort((a, b) => a.ts - b.ts);
  return { samples, nodes };
}

function javaScript({ samples, nodes }, from, to) {
  const inTask = samples.filter((s) => s.ts >= from && s.ts <= to);
  const selfByFunction = new Map();
  const byFile = new Map();
  inTask.forEach((sample, i) => {
    const dt = (inTask[i + 1]?.ts ?? to) - sample.ts;
    const stack = [];
    for (let n = sample.node; n; n = n.parent ? nodes.get(`${n.profile}:${n.parent}`) : undefined) stack.push(frame(n.callFrame));
    if (stack[0]) selfByFunction.set(stack[0].name, (selfByFunction.get(stack[0].name) ?? 0) + dt);
    for (const source of new Set(stack.map((f) => f.source).filter((s) => s && /^(app|core)\//.test(s) && !s.startsWith("app/islands/")))) {
      byFile.set(source, (byFile.get(source) ?? 0) + dt);
    }
  });
  const top = (map, n) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .filter(([, us]) => us >= 500)
      .slice(0, n)
      .map(([name, us]) => `${name} ${ms(us)}`);
  return { functions: top(selfByFunction, 4), files: top(byFile, 4) };
}

/** A sampled frame as "function (source:line)", mapped to the source when a map of its file is at hand. */
function frame(callFrame) {
  const { functionName, url, lineNumber, columnNumber } = callFrame;
  if (!/^https?:/.test(url)) return { name: functionName || "(native)" };
  const file = url.split("/").pop();
  const mapFile = values.maps && path.join(values.maps, "assets", `${file}.map`);
  if (mapFile && !consumers.has(mapFile))
    consumers.set(mapFile, existsSync(mapFile) ? new SourceMapConsumer(JSON.parse(readFileSync(mapFile, "utf8"))) : null);
  const position = mapFile && consumers.get(mapFile)?.originalPositionFor({ line: lineNumber + 1, column: columnNumber });
  if (!position?.source) return { name: `${functionName || "(anonymous)"} (${file})` };
  // A dependency by its package path, a file of the product by its path in the checkout that built it.
  const resolved = path.resolve(values.maps, "assets", position.source);
  const source = resolved.includes("/node_modules/")
    ? resolved.replace(/^.*\/node_modules\//, "")
    : (/\/((?:app|core)\/.*)$/.exec(resolved)?.[1] ?? path.relative(root, resolved));
  return { name: `${position.name ?? functionName ?? "(anonymous)"} (${source}:${position.line})`, source };
}
