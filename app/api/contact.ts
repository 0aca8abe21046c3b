import type { ContactField, ContactInput } from "../../core/contact/schema";

export type SendContactResult = { ok: true } | { ok: false; message?: string; errors?: Partial<Record<ContactField, string>> };

/**
 * POSTs the request to the same origin. A non-OK answer yields the server's `message` (and field
 * errors) when its body is JSON; a network failure rejects.
 */
export async function sendContact(data: ContactInput, language: string): Promise<SendContactResult> {
  const res = await fetch("/api/send-contact", {
    method: "POST",
    headers: { "content-type": "application/json", "x-language": language },
    body: JSON.stringify(data),
  });
  if (res.ok) return { ok: true };
  const body = (await res.json().catch(() => null)) as { message?: unknown; errors?: unknown } | null;
  return {
    ok: false,
    message: typeof body?.message === "string" && body.message ? body.message : undefined,
    errors: body?.errors && typeof body.errors === "object" ? (body.errors as Partial<Record<ContactField, string>>) : undefined,
  };
}
