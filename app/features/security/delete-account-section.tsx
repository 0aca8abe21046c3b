import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { WireCode } from "../../../core/error-codes";
import { request } from "../../api/client";
import { LocalizedLink, useLanguage } from "../../i18n";
import { authErrorMessage, errorCode } from "../../identity/errors";
import { failureOf } from "../../identity/failures";
import { Button, linkClass, TextField } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { ReverificationCancelled, useReverification } from "./reverification";
import type { SecuritySectionProps } from "./security-page";

/** The danger section: deleting the account after typing the confirmation phrase. */
export function DeleteAccountSection({ security }: SecuritySectionProps) {
  const { t } = useTranslation(["security", "auth"]);
  const lang = useLanguage();
  const { guarded, dialog } = useReverification(security.reverification);
  const [phrase, setPhrase] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string; code?: WireCode }>();
  const expected = t("security:delete.phrase");

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (phrase.trim() !== expected) return setError({ message: t("auth:errors.delete_confirmation") });
    setBusy(true);
    setError(undefined);
    try {
      await guarded(() => request("POST /api/account/delete", { body: { confirmation: phrase.trim() } }));
      // The server ended every session and cleared the cookie: a full load of the page that says so.
      window.location.assign(`/${lang}/account-deleted`);
      return;
    } catch (failure) {
      if (!(failure instanceof ReverificationCancelled)) {
        const known = failureOf(failure);
        const message =
          failure instanceof Error && failure.name === "ApiRequestError" && failure.message
            ? failure.message
            : authErrorMessage(t as never, known, "security:error");
        setError({ message, code: errorCode(known) });
      }
    }
    setBusy(false);
  };

  return (
    <section aria-labelledby="delete-title" className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm">
      <h2 id="delete-title" className="text-lg font-semibold text-red-800">
        {t("security:delete.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("security:delete.intro")}</p>
      <form onSubmit={submit} noValidate className="mt-4 max-w-md space-y-4">
        {error && (
          <FormAlert>
            {error.message}
            {error.code === "delete_subscription" && (
              <>
                {" "}
                <LocalizedLink to="/dashboard" className={linkClass}>
                  {t("security:delete.cancelSubscription")}
                </LocalizedLink>
              </>
            )}
          </FormAlert>
        )}
        <TextField
          id="delete-confirmation"
          label={t("security:delete.label", { phrase: expected })}
          autoComplete="off"
          value={phrase}
          onChange={(e) => setPhrase(e.target.value)}
        />
        <Button type="submit" variant="danger" size="md" disabled={busy} aria-busy={busy || undefined}>
          {t("security:delete.submit")}
        </Button>
      </form>
      {dialog}
    </section>
  );
}
