/** Escapes text for HTML mail bodies; every user-supplied value goes through this. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain, accessible HTML frame shared by all product mails. Content must already be escaped. */
export function htmlLayout(lang: string, title: string, bodyHtml: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f4f6fb;font-family:Arial,Helvetica,sans-serif;color:#111827">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">${bodyHtml}</div>
</body></html>`;
}

/** The mail's heading, which repeats its subject. */
export function heading(text: string): string {
  return `<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(text)}</h1>`;
}

/** Label and value pairs as a two-column table. */
export function detailsTable(rows: [string, string][]): string {
  const cells = rows
    .map(
      ([label, value]) =>
        `<tr><th scope="row" style="text-align:left;padding:4px 16px 4px 0;color:#6b7280;font-weight:normal">${escapeHtml(label)}</th><td style="padding:4px 0">${escapeHtml(value)}</td></tr>`,
    )
    .join("\n");
  return `<table style="border-collapse:collapse;margin:0 0 16px">${cells}</table>`;
}
