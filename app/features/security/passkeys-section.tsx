import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PasskeySummary } from "../../../core/api";
import { useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { authErrorMessage } from "../../identity/errors";
import { failureOf, unwrap } from "../../identity/failures";
import { Button, TextField } from "../../ui";
import { FormActions } from "../../ui/form-actions";
import { FormMessages } from "../../ui/form-alert";
import { RemoveButton } from "../../ui/remove-button";
import { AccountSection } from "../area/account-layout";
import { ReverificationCancelled, useReverification } from "./reverification";
import type { SecuritySectionProps } from "./security-page";

/** A passkey's name: what the person typed, at most this long (the server trims it). */
const NAME_MAX = 64;

type Step = { kind: "idle" } | { kind: "add" } | { kind: "rename"; passkey: PasskeySummary };

/**
 * Passkeys: add one with a name (the browser's passkey dialog), list them with when each was added
 * and last used, rename and remove one. Adding and removing need a recently verified session.
 */
export function PasskeysSection({ security, reloadSecurity }: SecuritySectionProps) {
  const { t } = useTranslation(["security", "auth"]);
  const lang = useLanguage();
  const { guarded, dialog } = useReverification(security.reverification);
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });

  const fail = (failure: unknown) => {
    if (!(failure instanceof ReverificationCancelled)) setError(authErrorMessage(t as never, failureOf(failure), "security:error"));
  };

  const begin = (next: Step) => {
    setError(undefined);
    setNotice(undefined);
    setName(next.kind === "rename" ? next.passkey.name : "");
    setStep(next);
  };

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      await guarded(action);
      setStep({ kind: "idle" });
      setNotice(done);
      await reloadSecurity();
    } catch (failure) {
      fail(failure);
    }
    setBusy(false);
  }

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(t("security:passkeys.nameRequired"));
    if (trimmed.length > NAME_MAX) return setError(t("security:passkeys.nameTooLong", { max: NAME_MAX }));
    if (step.kind === "add") {
      void run(
        async () => {
          // The browser part is loaded only when a passkey is added.
          const { registerPasskey } = await import("../../identity/passkey");
          await registerPasskey(trimmed);
        },
        t("security:passkeys.added", { name: trimmed }),
      );
    } else if (step.kind === "rename") {
      const id = step.passkey.id;
      void run(
        () => unwrap(authClient.$fetch("/passkey/update-passkey", { method: "POST", body: { id, name: trimmed } }) as never),
        t("security:passkeys.renamed", { name: trimmed }),
      );
    }
  };

  const remove = (passkey: PasskeySummary) =>
    run(
      () => unwrap(authClient.$fetch("/passkey/delete-passkey", { method: "POST", body: { id: passkey.id } }) as never),
      t("security:passkeys.removed", { name: passkey.name || t("security:passkeys.unnamed") }),
    );

  return (
    <AccountSection id="passkeys" title={t("security:passkeys.title")} intro={t("security:passkeys.intro")}>
      <div className="space-y-4">
        <FormMessages error={error} notice={notice} />
        {security.passkeys.length === 0 ? (
          <p className="text-sm text-slate-600">{t("security:passkeys.none")}</p>
        ) : (
          <ul aria-label={t("security:passkeys.listLabel")} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {security.passkeys.map((passkey) => {
              const label = passkey.name || t("security:passkeys.unnamed");
              return (
                <li key={passkey.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                  <div className="min-w-0">
                    <p className="break-words text-sm font-semibold text-slate-900">{label}</p>
                    <p className="text-sm text-slate-600">
                      {passkey.createdAt && t("security:passkeys.createdAt", { date: when.format(new Date(passkey.createdAt)) })}
                      {" · "}
                      {passkey.lastUsedAt
                        ? t("security:passkeys.lastUsedAt", { date: when.format(new Date(passkey.lastUsedAt)) })
                        : t("security:passkeys.neverUsed")}
                    </p>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button
                      type="button"
                      variant="secondary"
                      size="sm"
                      aria-label={t("security:passkeys.renameNamed", { name: label })}
                      onClick={() => begin({ kind: "rename", passkey })}
                    >
                      {t("security:passkeys.rename")}
                    </Button>
                    <RemoveButton
                      label={t("security:passkeys.remove")}
                      name={t("security:passkeys.removeNamed", { name: label })}
                      title={t("security:passkeys.removeTitle")}
                      confirm={t("security:passkeys.confirmRemoveButton")}
                      cancel={t("security:cancel")}
                      disabled={busy}
                      onOpen={() => begin({ kind: "idle" })}
                      onRemove={() => remove(passkey)}
                    >
                      {t("security:passkeys.confirmRemove", { name: label })}
                    </RemoveButton>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {step.kind === "idle" ? (
          <Button type="button" variant="strong" size="md" onClick={() => begin({ kind: "add" })}>
            {t("security:passkeys.add")}
          </Button>
        ) : (
          <form noValidate onSubmit={submit} className="max-w-md space-y-4">
            <TextField
              id="passkey-name"
              label={t(step.kind === "add" ? "security:passkeys.nameLabel" : "security:passkeys.newNameLabel")}
              hint={step.kind === "add" ? t("security:passkeys.nameHint") : undefined}
              autoComplete="off"
              maxLength={NAME_MAX}
              value={name}
              onChange={(e) => setName(e.target.value)}
              autoFocus
            />
            <FormActions
              submit={t(step.kind === "add" ? "security:passkeys.create" : "security:passkeys.saveName")}
              busy={busy}
              cancel={t("security:cancel")}
              onCancel={() => begin({ kind: "idle" })}
            />
          </form>
        )}
      </div>
      {dialog}
    </AccountSection>
  );
}
