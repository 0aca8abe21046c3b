// The platform's limit for a static answer: a bare Node `http` server that answers every request for
// a known path with one cached gzip buffer and the three headers it needs, nothing else. The static
// benchmark runs it beside our server, pinned alike, so the gap between the two is what our request
// handling costs (the gap to nginx is Node's HTTP parser and writes). With `--headers FILE.json`
// (URLPATH → the header names and values our server sends with that answer) it sends those headers
// too, so what remains against it is our request handling alone.
//   node bench/static/bare-node.mjs PORT [--headers FILE.json] URLPATH=FILE.gz:CONTENT-TYPE ...
import { readFileSync } from "node:fs";
import { createServer } from "node:http";

const [port, ...rest] = process.argv.slice(2);
const headersFile = rest[0] === "--headers" ? rest[1] : undefined;
const files = headersFile ? rest.slice(2) : rest;
const extraHeaders = headersFile ? JSON.parse(readFileSync(headersFile, "utf8")) : {};
const answers = new Map(
  files.map((spec) => {
    const [urlPath, rest] = spec.split(/=(.*)/s);
    const [file, type] = rest.split(/:(.*)/s);
    const body = readFileSync(file);
    const headers = { ...extraHeaders[urlPath], "Content-Type": type, "Content-Encoding": "gzip", "Content-Length": String(body.length) };
    return [urlPath, { body, headers }];
  }),
);
const server = createServer((req, res) => {
  const answer = answers.get(req.url);
  if (!answer) {
    res.writeHead(404).end();
    return;
  }
  res.writeHead(200, answer.headers);
  res.end(answer.body);
});
server.keepAliveTimeout = 65_000;
server.listen(Number(port), "127.0.0.1", () => process.send?.("listening"));
process.once("SIGTERM", () => process.exit(0));
