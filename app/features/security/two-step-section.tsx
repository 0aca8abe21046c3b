import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { authClient } from "../../identity/client";
import { authErrorMessage } from "../../identity/errors";
import { failureOf, unwrap } from "../../identity/failures";
import { Button, TextField } from "../../ui";
import { CodeField } from "../../ui/code-field";
import { FormActions } from "../../ui/form-actions";
import { FormMessages } from "../../ui/form-alert";
import { AccountSection } from "../area/account-layout";
import { PasswordField } from "../auth-shell/password-field";
import { ReverificationCancelled, useReverification } from "./reverification";
import type { SecuritySectionProps } from "./security-page";

type Step =
  | { kind: "idle" }
  | { kind: "password"; action: "enable" | "disable" | "regenerate" }
  | { kind: "scan"; uri: string; codes: string[] }
  | { kind: "codes"; codes: string[] };

/** The QR code of the authenticator URI, drawn in the browser by a small library loaded only here. */
function QrCode({ uri, label }: { uri: string; label: string }) {
  const [svg, setSvg] = useState<string>();
  useEffect(() => {
    void import("uqr").then(({ renderSVG }) => setSvg(renderSVG(uri, { border: 2 })));
  }, [uri]);
  if (!svg) return <div className="size-44 animate-pulse rounded bg-slate-100" />;
  return <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={label} className="size-44" />;
}

/** A step's heading: the focus goes to it as the step appears, so the next thing to do is read first. */
function StepTitle({ id, children }: { id: string; children: string }) {
  return (
    <h3 id={id} tabIndex={-1} className="font-semibold text-slate-900">
      {children}
    </h3>
  );
}

/** The backup codes, shown once, with a text file to keep them. */
function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation("security");
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(`${t("twoStep.fileTitle")}\n\n${codes.join("\n")}\n`)}`;
  return (
    <div className="space-y-3">
      <StepTitle id="two-step-codes-title">{t("twoStep.codesTitle")}</StepTitle>
      <p className="text-sm text-slate-700">{t("twoStep.codesIntro")}</p>
      <ul aria-label={t("twoStep.codesLabel")} className="grid max-w-sm grid-cols-2 gap-2 font-mono text-sm">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-2 py-1">
            {code}
          </li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <a
          href={file}
          download="recruiting-crm-backup-codes.txt"
          className="inline-flex items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50"
        >
          {t("twoStep.download")}
        </a>
        <Button type="button" variant="strong" size="md" onClick={onDone}>
          {t("twoStep.done")}
        </Button>
      </div>
    </div>
  );
}

/** Two-step verification: set up an authenticator app with backup codes, regenerate the codes, remove it. */
export function TwoStepSection({ security: state, reloadSecurity: reload }: SecuritySectionProps) {
  const { t } = useTranslation(["security", "auth"]);
  const { guarded, dialog } = useReverification(state.reverification);
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();
  // After each step the focus goes to what comes next (the id of a step's heading, the status line, or the
  // button that began a cancelled step), never to the page body as the step's content goes away.
  const focusNext = useRef<string | null>(null);
  const moveTo = (next: Step, focus: string) => {
    focusNext.current = focus;
    setStep(next);
  };
  // After every render: the one that shows the step asked for.
  useEffect(() => {
    const id = focusNext.current;
    if (!id) return;
    const target = document.getElementById(id);
    if (!target) return;
    focusNext.current = null;
    target.focus();
  });

  const fail = (failure: unknown) => {
    if (!(failure instanceof ReverificationCancelled)) setError(authErrorMessage(t as never, failureOf(failure), "security:error"));
  };
  const begin = (action: "enable" | "disable" | "regenerate") => {
    setError(undefined);
    setNotice(undefined);
    setPassword("");
    if (state.hasPassword) moveTo({ kind: "password", action }, "two-step-password");
    else void run(action, undefined);
  };

  async function run(action: "enable" | "disable" | "regenerate", pw: string | undefined) {
    setBusy(true);
    setError(undefined);
    try {
      const body = pw ? { password: pw } : {};
      if (action === "enable") {
        const data = (await guarded(() => unwrap(authClient.twoFactor.enable(body as { password: string })))) as {
          totpURI: string;
          backupCodes: string[];
        };
        setCode("");
        moveTo({ kind: "scan", uri: data.totpURI, codes: data.backupCodes }, "two-step-scan-title");
      } else if (action === "regenerate") {
        const data = await guarded(() => unwrap(authClient.twoFactor.generateBackupCodes(body as { password: string })));
        moveTo({ kind: "codes", codes: data.backupCodes }, "two-step-codes-title");
      } else {
        await guarded(() => unwrap(authClient.twoFactor.disable(body as { password: string })));
        moveTo({ kind: "idle" }, "two-step-status");
        setNotice(t("security:twoStep.removed"));
        await reload();
      }
    } catch (failure) {
      fail(failure);
    }
    setBusy(false);
  }

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (step.kind !== "scan") return;
    if (!/^\d{6}$/.test(code)) return setError(t("security:twoStep.codeRequired"));
    setBusy(true);
    setError(undefined);
    try {
      await unwrap(authClient.twoFactor.verifyTotp({ code }));
      moveTo({ kind: "codes", codes: step.codes }, "two-step-codes-title");
      await reload();
    } catch (failure) {
      fail(failure);
    }
    setBusy(false);
  };

  // Back to the button that began the step.
  const cancel = () => {
    setError(undefined);
    moveTo({ kind: "idle" }, step.kind === "password" ? `two-step-${step.action}` : "two-step-enable");
  };

  const secret = step.kind === "scan" ? (new URL(step.uri).searchParams.get("secret") ?? "") : "";

  return (
    <AccountSection id="two-step" title={t("security:twoStep.title")} intro={t("security:twoStep.intro")}>
      <div className="space-y-4">
        <FormMessages error={error} notice={notice} />
        {step.kind === "idle" && (
          <>
            <p id="two-step-status" tabIndex={-1} className="text-sm font-medium text-slate-800">
              {t(state.twoFactorEnabled ? "security:twoStep.on" : "security:twoStep.off")}
            </p>
            <div className="flex flex-wrap gap-2">
              {state.twoFactorEnabled ? (
                <>
                  <Button id="two-step-regenerate" type="button" variant="secondary" size="md" onClick={() => begin("regenerate")}>
                    {t("security:twoStep.regenerate")}
                  </Button>
                  <Button id="two-step-disable" type="button" variant="secondary" size="md" onClick={() => begin("disable")}>
                    {t("security:twoStep.remove")}
                  </Button>
                </>
              ) : (
                <Button id="two-step-enable" type="button" variant="strong" size="md" onClick={() => begin("enable")} disabled={busy}>
                  {t("security:twoStep.setUp")}
                </Button>
              )}
            </div>
          </>
        )}
        {step.kind === "password" && (
          <form
            noValidate
            className="max-w-md space-y-4"
            onSubmit={(e) => {
              e.preventDefault();
              if (!password) return setError(t("security:password.required"));
              void run(step.action, password);
            }}
          >
            <p className="text-sm text-slate-700">{t(`security:twoStep.passwordFor.${step.action}`)}</p>
            <PasswordField
              id="two-step-password"
              label={t("security:password.current")}
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
            <FormActions submit={t("security:continue")} busy={busy} cancel={t("security:cancel")} onCancel={cancel} />
          </form>
        )}
        {step.kind === "scan" && (
          <form noValidate onSubmit={confirm} className="space-y-4">
            <StepTitle id="two-step-scan-title">{t("security:twoStep.scanTitle")}</StepTitle>
            <p className="text-sm text-slate-700">{t("security:twoStep.scan")}</p>
            <QrCode uri={step.uri} label={t("security:twoStep.qrLabel")} />
            {/* The key for typing into the app by hand, in groups of four like the apps show it: read-only, so it can be selected and copied whole. */}
            <TextField
              id="two-step-key"
              className="max-w-md [&_textarea]:resize-none [&_textarea]:font-mono [&_textarea]:text-sm"
              label={t("security:twoStep.keyLabel")}
              hint={t("security:twoStep.manual")}
              multiline={2}
              readOnly
              spellCheck={false}
              autoComplete="off"
              value={secret.replace(/(.{4})(?=.)/g, "$1 ")}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CodeField id="two-step-code" className="max-w-xs" label={t("security:twoStep.codeLabel")} value={code} onChange={setCode} />
            <FormActions submit={t("security:twoStep.confirm")} busy={busy} cancel={t("security:cancel")} onCancel={cancel} />
          </form>
        )}
        {step.kind === "codes" && <BackupCodes codes={step.codes} onDone={() => moveTo({ kind: "idle" }, "two-step-status")} />}
      </div>
      {dialog}
    </AccountSection>
  );
}
