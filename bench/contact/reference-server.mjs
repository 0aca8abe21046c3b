// The limit `POST /api/send-contact` is measured against: a bare Node HTTP server that answers
// `GET /healthz` with a database ping and `POST /api/send-contact` with the product's one statement
// storing the request and its two outbox rows, and nothing else (no framework, no validation, no
// headers, no mail delivery). Run by bench/contact/run.mjs on a database the product has migrated.
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import pg from "pg";

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const INSERT = `
  with request as (
    insert into contact_request (id, name, email, company, message, language, status, ip_hash, user_agent, created_at)
    values ($1, $2, $3, $4, $5, 'en', 'pending', 'reference', null, now()))
  insert into mail_outbox (kind, topic, ref, message_id, "to", data) values
    ('contact-notification', 'contact-request', $1, $6, 'inbox@example.com', $7),
    ('contact-confirmation', 'contact-request', $1, $8, $3, $9)`;

function answer(res, status, body) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

createServer((req, res) => {
  if (req.method === "GET" && req.url === "/healthz") {
    pool.query("select 1").then(
      () => answer(res, 200, { status: "ok" }),
      () => answer(res, 503, { status: "unavailable" }),
    );
    return;
  }
  if (req.method !== "POST" || req.url !== "/api/send-contact") return answer(res, 404, { message: "Not found" });
  const chunks = [];
  req.on("data", (chunk) => chunks.push(chunk));
  req.on("end", () => {
    const input = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const id = randomUUID();
    const contact = { id, name: input.name, email: input.email, company: input.company ?? null, message: input.message ?? null };
    pool
      .query(INSERT, [
        id,
        contact.name,
        contact.email,
        contact.company,
        contact.message,
        `<contact-notification.${id}@example.com>`,
        JSON.stringify({ to: "inbox@example.com", contact }),
        `<contact-confirmation.${id}@example.com>`,
        JSON.stringify({ to: contact.email, contact }),
      ])
      .then(
        () => answer(res, 201, { id }),
        (error) => answer(res, 500, { message: error.message }),
      );
  });
}).listen(Number(process.env.PORT), process.env.HOST ?? "127.0.0.1");
