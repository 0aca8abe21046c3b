import { isLanguage, type Language } from "../../core/languages.js";
import type { DB } from "../db/database.js";

/**
 * The language a mail is written in (docs/decisions/152): the recipient's, which is their account's
 * language when the address belongs to an account, and otherwise the language of the page whose
 * action caused the mail (the only one known of a person without an account).
 */
export async function recipientLanguage(db: DB, email: string, pageLanguage: string): Promise<Language> {
  const account = await db.selectFrom("user").select("locale").where("email", "=", email.trim().toLowerCase()).executeTakeFirst();
  if (isLanguage(account?.locale)) return account.locale;
  return isLanguage(pageLanguage) ? pageLanguage : "en";
}
