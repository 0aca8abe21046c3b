import type { ContactFieldErrors } from "../../core/contact/fields";
import type { ContactInput } from "../../core/contact/schema";
import { ApiRequestError, request } from "./client";

export type SendContactResult = { ok: true } | { ok: false; message?: string; errors?: ContactFieldErrors };

/**
 * Sends a contact request (with the proof of work's header). A refusal yields the server's `message` (and field errors) when its
 * answer carried them; a network failure rejects.
 */
export async function sendContact(data: ContactInput, language: string, headers?: Record<string, string>): Promise<SendContactResult> {
  try {
    await request("POST /api/send-contact", { body: data, language, headers });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof ApiRequestError)) throw error;
    return { ok: false, message: error.message || undefined, errors: error.errors };
  }
}
