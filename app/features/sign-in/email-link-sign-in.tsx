import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SignInLinkState } from "../../../core/api";
import { ApiRequestError, request } from "../../api/client";
import { authErrorMessage } from "../../identity/errors";
import { linkClass } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { FormButton } from "../auth-shell/form-button";
import { StepHeading } from "../auth-shell/step-heading";
import { AddressStep } from "./address-step";
import type { FirstFactorDone } from "./sign-in-answer";

/** How often the waiting page asks whether its link was opened. */
const POLL_MS = 2000;

/** A failed call as the identity error messages read it. */
const asAuthError = (failure: unknown) =>
  failure instanceof ApiRequestError ? { code: failure.code, status: failure.status } : { status: 0 };

/**
 * "E-mail me a sign-in link": the address, then a page that waits for the link to be opened in
 * this browser and then signs in by itself (docs/decisions/072). If the link is used elsewhere or
 * runs out, the page says so and offers a new one.
 */
export function EmailLinkSignIn({
  initialEmail,
  onDone,
  onCancel,
}: {
  initialEmail: string;
  onDone: FirstFactorDone;
  onCancel: () => void;
}) {
  const { t } = useTranslation("auth");
  const [phase, setPhase] = useState<"request" | "waiting">("request");
  const [email, setEmail] = useState(initialEmail.includes("@") ? initialEmail : "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [state, setState] = useState<SignInLinkState>("pending");

  const send = async (e?: FormEvent) => {
    e?.preventDefault();
    if (!email.trim()) return setError(t("emailCode.emailRequired"));
    setError(undefined);
    setBusy(true);
    try {
      await request("POST /api/auth/sign-in-link/send", { body: { email: email.trim() } });
      setState("pending");
      setPhase("waiting");
    } catch (failure) {
      setError(authErrorMessage(t, asAuthError(failure), "signIn.error"));
    } finally {
      setBusy(false);
    }
  };

  // Waits for the link to be opened in this browser, then finishes the sign-in here.
  useEffect(() => {
    if (phase !== "waiting" || state !== "pending") return;
    let live = true;
    const timer = window.setInterval(async () => {
      const answer = await request("GET /api/auth/sign-in-link/status").catch(() => null);
      if (!live || !answer || answer.state === "pending") return;
      setState(answer.state);
    }, POLL_MS);
    return () => {
      live = false;
      window.clearInterval(timer);
    };
  }, [phase, state]);

  // The link was opened here: this page signs in (once, whatever else re-renders it).
  const done = useRef(onDone);
  done.current = onDone;
  useEffect(() => {
    if (state !== "verified") return;
    request("POST /api/auth/sign-in-link/complete", { body: {} })
      .then((answer) => done.current(answer))
      .catch((failure) => {
        setState("none");
        setError(authErrorMessage(t, asAuthError(failure), "signIn.error"));
      });
  }, [state, t]);

  if (phase === "request") {
    return (
      <AddressStep texts="emailLink" email={email} onEmailChange={setEmail} error={error} busy={busy} onSubmit={send} onCancel={onCancel} />
    );
  }

  const ended = state === "expired" || state === "used" || state === "none";
  return (
    <div className="space-y-5">
      <StepHeading title={t("emailLink.waitingTitle")} subtitle={t("emailLink.waiting", { email: email.trim() })} />
      {error && <FormAlert>{error}</FormAlert>}
      {state === "expired" && <FormAlert>{t("errors.verification_link_expired")}</FormAlert>}
      {state === "used" && <FormAlert>{t("emailLink.usedElsewhere")}</FormAlert>}
      {!ended && (
        <div role="status" className="flex items-center gap-3 text-sm text-slate-700">
          <span
            aria-hidden="true"
            className="size-5 shrink-0 animate-spin rounded-full border-2 border-slate-200 border-t-blue-600 motion-reduce:animate-none"
          />
          {state === "verified" ? t("emailLink.signingIn") : t("emailLink.waitingStatus")}
        </div>
      )}
      {ended && (
        <FormButton onClick={() => void send()} disabled={busy} aria-busy={busy || undefined}>
          {t("emailLink.sendAgain")}
        </FormButton>
      )}
      <p className="text-center text-sm">
        <button
          type="button"
          className={linkClass}
          onClick={() => {
            setPhase("request");
            setError(undefined);
          }}
        >
          {t("emailLink.changeAddress")}
        </button>
      </p>
    </div>
  );
}
