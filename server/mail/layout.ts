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
