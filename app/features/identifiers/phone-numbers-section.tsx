import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AccountSecurity, PhoneNumberSummary } from "../../../core/api";
import { formatPhoneNumber, isPhoneCode, normalizePhoneNumber, PHONE_CODE_LENGTH } from "../../../core/phone";
import {
  addPhoneNumber,
  fetchPhoneNumbers,
  makePhoneNumberPrimary,
  removePhoneNumber,
  resendPhoneCode,
  verifyPhoneNumber,
} from "../../api/phone-numbers";
import { useAction } from "../../api/use-action";
import { useLoad } from "../../api/use-load";
import { useAuthProviders } from "../../identity/google";
import { Button, Spinner } from "../../ui";
import { CodeField } from "../../ui/code-field";
import { FormActions } from "../../ui/form-actions";
import { FormMessages } from "../../ui/form-alert";
import { RemoveButton } from "../../ui/remove-button";
import { AccountSection } from "../area/account-layout";
import { phoneErrorMessage } from "../phone/phone-errors";
import { PhoneNumberField } from "../phone/phone-number-field";
import { ReverificationCancelled, useReverification } from "../security/reverification";

type Step = { kind: "idle" } | { kind: "add" } | { kind: "verify"; number: PhoneNumberSummary };

/** A number's state as a small label beside it. */
function Badge({ children, tone }: { children: string; tone: "blue" | "green" | "amber" }) {
  const tones = { blue: "bg-blue-50 text-blue-800", green: "bg-green-50 text-green-800", amber: "bg-amber-50 text-amber-900" };
  return <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

/**
 * The account page's phone numbers: add one in international format (a code is texted to it),
 * verify it, make a verified one primary (where second-step codes go), remove one. Adding and
 * removing need a recently verified session, asked for in a dialog.
 */
export function PhoneNumbersSection({ reverification }: { reverification: AccountSecurity["reverification"] | undefined }) {
  const { t } = useTranslation(["phone", "auth", "security"]);
  const { guarded, dialog } = useReverification(reverification);
  // Phone sign-in is promised only where this server offers it (SIGN_IN_PHONE).
  const phoneSignIn = useAuthProviders()?.phone === true;
  const [list, reload] = useLoad("phone-numbers", fetchPhoneNumbers);
  const data = list.state === "loaded" ? list.data : null;
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [input, setInput] = useState("");
  const [code, setCode] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  // A refusal is shown, a cancelled reverification is not.
  const { run, busy, error, notice, clear } = useAction({
    failure: (failure) => (failure instanceof ReverificationCancelled ? null : phoneErrorMessage(t, failure)),
  });

  const begin = (next: Step) => {
    clear();
    setFieldError(undefined);
    setInput("");
    setCode("");
    setStep(next);
  };

  const add = async (e: FormEvent) => {
    e.preventDefault();
    // The same rule as the server's, so a typo is pointed out before anything is sent.
    if (!normalizePhoneNumber(input)) return setFieldError(t("auth:errors.form_param_format_invalid__phone_number"));
    setFieldError(undefined);
    let added: PhoneNumberSummary | undefined;
    const ok = await run(async () => {
      added = await guarded(() => addPhoneNumber(input));
    });
    await reload();
    if (ok && added) {
      setCode("");
      setStep({ kind: "verify", number: added });
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== "verify") return;
    if (!isPhoneCode(code.trim())) return setFieldError(t("phone:section.codeRequired"));
    setFieldError(undefined);
    const number = step.number;
    const done = t("phone:section.verifiedNotice", { number: formatPhoneNumber(number.phoneNumber) });
    if (await run(() => verifyPhoneNumber(number.id, code.trim()), done)) {
      setStep({ kind: "idle" });
      await reload();
    }
  };

  const resend = (number: PhoneNumberSummary) =>
    run(() => resendPhoneCode(number.id), t("phone:section.resent", { number: formatPhoneNumber(number.phoneNumber) }));

  const makePrimary = async (number: PhoneNumberSummary) => {
    const done = t("phone:section.primaryNotice", { number: formatPhoneNumber(number.phoneNumber) });
    if (await run(() => makePhoneNumberPrimary(number.id), done)) await reload();
  };

  const remove = async (number: PhoneNumberSummary) => {
    const done = t("phone:section.removedNotice", { number: formatPhoneNumber(number.phoneNumber) });
    if (await run(() => guarded(() => removePhoneNumber(number.id)), done)) await reload();
  };

  return (
    <AccountSection
      id="phone-numbers"
      title={t("phone:section.title")}
      intro={t(phoneSignIn ? "phone:section.intro" : "phone:section.introWithoutSignIn")}
    >
      <div className="space-y-4">
        <FormMessages error={error} notice={notice} />
        {!data ? (
          list.state === "failed" ? (
            <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
              {t("phone:section.loadFailed")}
              <Button variant="secondary" size="sm" onClick={() => void reload()}>
                {t("phone:section.retry")}
              </Button>
            </div>
          ) : (
            <Spinner />
          )
        ) : data.numbers.length === 0 ? (
          <p className="text-sm text-slate-600">{t("phone:section.empty")}</p>
        ) : (
          <ul aria-label={t("phone:section.listLabel")} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {data.numbers.map((number) => {
              const shown = formatPhoneNumber(number.phoneNumber);
              return (
                <li key={number.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="flex min-w-0 flex-wrap items-center gap-2">
                    <span className="text-sm font-semibold text-slate-900">{shown}</span>
                    {number.primary && <Badge tone="blue">{t("phone:section.primary")}</Badge>}
                    {number.verified ? (
                      <Badge tone="green">{t("phone:section.verified")}</Badge>
                    ) : (
                      <Badge tone="amber">{t("phone:section.unverified")}</Badge>
                    )}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    {!number.verified && (
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        aria-label={t("phone:section.verifyNamed", { number: shown })}
                        onClick={() => begin({ kind: "verify", number })}
                      >
                        {t("phone:section.verify")}
                      </Button>
                    )}
                    {number.verified && !number.primary && (
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        aria-label={t("phone:section.makePrimaryNamed", { number: shown })}
                        onClick={() => void makePrimary(number)}
                        disabled={busy}
                      >
                        {t("phone:section.makePrimary")}
                      </Button>
                    )}
                    <RemoveButton
                      label={t("phone:section.remove")}
                      name={t("phone:section.removeNamed", { number: shown })}
                      title={t("phone:section.removeTitle", { number: shown })}
                      confirm={t("phone:section.confirmRemove")}
                      cancel={t("phone:section.cancel")}
                      disabled={busy}
                      onOpen={() => begin({ kind: "idle" })}
                      onRemove={() => remove(number)}
                    >
                      {t("phone:section.removeBody")}
                    </RemoveButton>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {step.kind === "verify" && (
          <form noValidate onSubmit={verify} className="max-w-md space-y-4">
            <p className="text-sm text-slate-700">{t("phone:section.codeSent", { number: formatPhoneNumber(step.number.phoneNumber) })}</p>
            <CodeField
              id="phone-code"
              label={t("phone:section.codeLabel")}
              length={PHONE_CODE_LENGTH}
              value={code}
              error={fieldError}
              onChange={setCode}
              autoFocus
            />
            <FormActions
              submit={t("phone:section.submitCode")}
              busy={busy}
              cancel={t("phone:section.cancel")}
              onCancel={() => begin({ kind: "idle" })}
            />
            <button
              type="button"
              className="text-sm font-medium text-blue-700 underline-offset-4 hover:underline"
              onClick={() => void resend(step.number)}
              disabled={busy}
            >
              {t("phone:section.resend")}
            </button>
          </form>
        )}
        {step.kind === "add" && (
          <form noValidate onSubmit={add} className="max-w-md space-y-4">
            <PhoneNumberField id="phone-number" value={input} error={fieldError} onChange={setInput} autoFocus />
            <FormActions
              submit={t("phone:section.submitAdd")}
              busy={busy}
              cancel={t("phone:section.cancel")}
              onCancel={() => begin({ kind: "idle" })}
            />
          </form>
        )}
        {step.kind === "idle" && data && (
          <Button type="button" variant="strong" size="md" onClick={() => begin({ kind: "add" })}>
            {t("phone:section.add")}
          </Button>
        )}
      </div>
      {dialog}
    </AccountSection>
  );
}
