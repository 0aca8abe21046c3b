import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { checkDataExport, downloadDataExport } from "../../api/account";
import { ApiRequestError } from "../../api/client";
import { LocalizedLink, useLanguage } from "../../i18n";
import { linkClass, Spinner } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { AuthShell } from "../auth-shell/auth-shell";
import { FormButton, formButtonClass } from "../auth-shell/form-button";
import { StepHeading } from "../auth-shell/step-heading";

/** Why a link gives nothing; each has its own heading and message, and all offer a new copy. */
const REFUSALS = {
  export_link_used: { title: "usedTitle", message: "errors.exportLinkUsed" },
  export_link_expired: { title: "expiredTitle", message: "errors.exportLinkExpired" },
  export_link_invalid: { title: "invalidTitle", message: "errors.exportLinkInvalid" },
} as const;
type Refusal = keyof typeof REFUSALS;

type State =
  | { kind: "checking" }
  | { kind: "check-failed" }
  | { kind: "ready"; createdAt: string; expiresAt: string }
  | { kind: "done"; file: string }
  | { kind: "refused"; reason: Refusal };

const refusalOf = (error: unknown): Refusal | undefined =>
  error instanceof ApiRequestError && error.code && error.code in REFUSALS ? (error.code as Refusal) : undefined;

/** Hands a downloaded file to the browser as a download of its own name. */
function save(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * The page a mailed data export link opens (`/{lang}/account/data-export?token=…`, decision 086).
 * Opening it downloads nothing, so a mail scanner that follows the link first does not use it up;
 * the person presses the button, which says what it does. A used, expired or unknown link says so
 * and offers a new copy.
 */
export function DataExportPage() {
  const { t } = useTranslation("account");
  const lang = useLanguage();
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [state, setState] = useState<State>({ kind: "checking" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");

  const check = useCallback(() => {
    setState({ kind: "checking" });
    if (!token) return setState({ kind: "refused", reason: "export_link_invalid" });
    checkDataExport(token).then(
      (link) => setState({ kind: "ready", ...link }),
      (failure) => {
        const reason = refusalOf(failure);
        setState(reason ? { kind: "refused", reason } : { kind: "check-failed" });
      },
    );
  }, [token]);
  useEffect(check, [check]);

  const download = async () => {
    setBusy(true);
    setError("");
    try {
      const { file, name } = await downloadDataExport(token);
      save(file, name);
      setState({ kind: "done", file: name });
    } catch (failure) {
      const reason = refusalOf(failure);
      if (reason) setState({ kind: "refused", reason });
      else setError(t("dataExportPage.downloadFailed"));
    } finally {
      setBusy(false);
    }
  };

  const date = (iso: string) => new Intl.DateTimeFormat(lang, { dateStyle: "long", timeStyle: "short" }).format(new Date(iso));
  const newCopy = (
    <LocalizedLink to="/account#data-export" className={formButtonClass("primary")}>
      {t("dataExportPage.newCopy")}
    </LocalizedLink>
  );

  return (
    <AuthShell>
      {state.kind === "checking" && (
        <div className="space-y-5">
          <StepHeading title={t("dataExportPage.checkingTitle")} autoFocus={false} />
          <Spinner label={t("dataExportPage.checking")} />
        </div>
      )}
      {state.kind === "check-failed" && (
        <div className="space-y-5">
          <StepHeading title={t("dataExportPage.checkingTitle")} />
          <FormAlert>{t("dataExportPage.checkFailed")}</FormAlert>
          <FormButton onClick={check}>{t("dataExportPage.retry")}</FormButton>
        </div>
      )}
      {state.kind === "ready" && (
        <div className="space-y-5">
          <StepHeading title={t("dataExportPage.readyTitle")} subtitle={t("dataExportPage.ready", { created: date(state.createdAt) })} />
          <p id="data-export-what" className="text-slate-700">
            {t("dataExportPage.what", { expires: date(state.expiresAt) })}
          </p>
          {error && <FormAlert>{error}</FormAlert>}
          <FormButton onClick={() => void download()} disabled={busy} aria-busy={busy || undefined} aria-describedby="data-export-what">
            {busy ? t("dataExportPage.busy") : t("dataExportPage.button")}
          </FormButton>
        </div>
      )}
      {state.kind === "done" && (
        <div className="space-y-5">
          <StepHeading title={t("dataExportPage.doneTitle")} />
          <FormAlert tone="info">{t("dataExportPage.done", { file: state.file })}</FormAlert>
          <p className="text-center text-sm">
            <LocalizedLink to="/account" className={linkClass}>
              {t("dataExportPage.account")}
            </LocalizedLink>
          </p>
        </div>
      )}
      {state.kind === "refused" && (
        <div className="space-y-5">
          <StepHeading title={t(`dataExportPage.${REFUSALS[state.reason].title}`)} />
          <FormAlert>{t(REFUSALS[state.reason].message)}</FormAlert>
          {newCopy}
        </div>
      )}
    </AuthShell>
  );
}
