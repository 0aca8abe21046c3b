import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccountIdentifiers, AccountSecurity, EmailAddressSummary } from "../../../core/api";
import { request } from "../../api/client";
import { authClient } from "../../identity/client";
import { Button, TextField } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { CodeField } from "../../ui/code-field";
import { FormActions } from "../../ui/form-actions";
import { FormMessages } from "../../ui/form-alert";
import { RemoveButton } from "../../ui/remove-button";
import { AccountSection } from "../area/account-layout";
import { useSectionActions } from "./run-action";

type Step = { kind: "idle" } | { kind: "add" } | { kind: "verify"; address: EmailAddressSummary };

/**
 * "E-mail addresses": the primary address and further ones; add one (a code is mailed to it),
 * verify it, make it primary, remove it. The server applies the sign-up rules and keeps every
 * address to one account.
 */
export function EmailAddressesSection(props: {
  identifiers: AccountIdentifiers;
  reverification: AccountSecurity["reverification"] | undefined;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation(["account", "auth"]);
  const reload = async () => {
    await props.reload();
    // The session carries the primary address (user menu, profile).
    authClient.$store.notify("$sessionSignal");
  };
  const { run, busy, error, notice, setError, clear, dialog } = useSectionActions(props.reverification, reload, "account:emails.error");
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [value, setValue] = useState("");

  const begin = (next: Step) => {
    clear();
    setValue("");
    setStep(next);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (step.kind === "add") {
      const email = value.trim();
      if (!email) return setError(t("auth:errors.form_param_format_invalid__email_address"));
      let added: EmailAddressSummary | undefined;
      const ok = await run(async () => {
        added = await request("POST /api/account/emails", { body: { email } });
      });
      if (ok && added) {
        setValue("");
        setStep({ kind: "verify", address: added });
      }
    } else if (step.kind === "verify") {
      const { id, email } = step.address;
      const ok = await run(
        () => request("POST /api/account/emails/:id/verify", { params: { id }, body: { code: value.trim() } }),
        t("emails.verifiedNotice", { email }),
      );
      if (ok) setStep({ kind: "idle" });
    }
  };

  const resend = (address: EmailAddressSummary) =>
    void run(
      () => request("POST /api/account/emails/:id/code", { params: { id: address.id } }),
      t("emails.codeSent", { email: address.email }),
    );

  const makePrimary = (address: EmailAddressSummary) =>
    void run(
      () => request("POST /api/account/emails/:id/primary", { params: { id: address.id } }),
      t("emails.primaryNotice", { email: address.email }),
    );

  const remove = (address: EmailAddressSummary) =>
    run(() => request("DELETE /api/account/emails/:id", { params: { id: address.id } }), t("emails.removed", { email: address.email }));

  return (
    <AccountSection id="email-addresses" title={t("emails.title")} intro={t("emails.intro")}>
      <div className="space-y-4">
        <FormMessages error={error} notice={notice} />
        <ul aria-label={t("emails.listLabel")} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
          {props.identifiers.emails.map((address) => (
            <li key={address.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-900">
                  <Breakable text={address.email} />
                </p>
                <p className="flex flex-wrap gap-2 text-xs">
                  {address.primary && (
                    <span className="rounded-full bg-blue-50 px-2 py-0.5 font-medium text-blue-800">{t("emails.primary")}</span>
                  )}
                  <span
                    className={`rounded-full px-2 py-0.5 font-medium ${address.verified ? "bg-green-50 text-green-800" : "bg-amber-50 text-amber-900"}`}
                  >
                    {address.verified ? t("emails.verified") : t("emails.unverified")}
                  </span>
                </p>
              </div>
              {!address.primary && (
                <div className="flex flex-wrap gap-2">
                  {/* The address being verified has its code form below: one Verify button, and the typed code stays. */}
                  {address.verified ? (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t("emails.makePrimaryNamed", { email: address.email })}
                      onClick={() => makePrimary(address)}
                      disabled={busy}
                    >
                      {t("emails.makePrimary")}
                    </Button>
                  ) : step.kind === "verify" && step.address.id === address.id ? null : (
                    <Button
                      variant="secondary"
                      size="sm"
                      aria-label={t("emails.verifyNamed", { email: address.email })}
                      onClick={() => begin({ kind: "verify", address })}
                      disabled={busy}
                    >
                      {t("emails.verify")}
                    </Button>
                  )}
                  <RemoveButton
                    label={t("emails.remove")}
                    name={t("emails.removeNamed", { email: address.email })}
                    title={t("emails.removeTitle")}
                    confirm={t("emails.confirmRemoveButton")}
                    cancel={t("emails.cancel")}
                    disabled={busy}
                    onOpen={() => begin({ kind: "idle" })}
                    onRemove={() => remove(address)}
                  >
                    {t("emails.confirmRemove", { email: address.email })}
                  </RemoveButton>
                </div>
              )}
            </li>
          ))}
        </ul>
        {step.kind === "add" || step.kind === "verify" ? (
          <form noValidate onSubmit={submit} className="max-w-md space-y-4">
            {step.kind === "add" ? (
              <TextField
                id="new-email"
                type="email"
                label={t("emails.addressLabel")}
                hint={t("emails.addressHint")}
                autoComplete="email"
                maxLength={254}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                autoFocus
              />
            ) : (
              <CodeField
                id="email-code"
                label={t("emails.codeLabel")}
                hint={t("emails.codeHint", { email: step.address.email })}
                value={value}
                onChange={setValue}
                autoFocus
              />
            )}
            <FormActions
              submit={step.kind === "add" ? t("emails.sendCode") : t("emails.verify")}
              busy={busy}
              cancel={t("emails.cancel")}
              onCancel={() => begin({ kind: "idle" })}
            />
            {step.kind === "verify" && (
              <Button variant="quiet" size="sm" onClick={() => resend(step.address)} disabled={busy}>
                {t("emails.resend")}
              </Button>
            )}
          </form>
        ) : (
          <Button variant="strong" size="md" onClick={() => begin({ kind: "add" })}>
            {t("emails.add")}
          </Button>
        )}
      </div>
      {dialog}
    </AccountSection>
  );
}
