import { z } from "zod";

/** The answer of a call that only reports success. */
export const done = z.object({ ok: z.literal(true) });

/** An e-mail address as typed into a form; whether it is a valid one the route decides with its own refusal. */
export const typedAddress = z.string().max(320);

/** A one-time code as typed (spaces around it are allowed and trimmed where it is checked). */
export const typedCode = z.string().max(20);
