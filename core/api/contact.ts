import { z } from "zod";
import { contactSchema } from "../contact/schema";

/** POST /api/send-contact: the form's rules (zod/mini, shared with the form on the page). */
export { contactSchema };

/** POST /api/send-contact, 201. */
export const contactCreated = z.object({ id: z.string() });
