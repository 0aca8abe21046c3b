import { type FormEvent, useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SignUpMode } from "../../../core/sign-up-mode";
import { ApiRequestError, request } from "../../api/client";
import { fetchSiteConfig } from "../../api/site-config";
import { LocalizedLink } from "../../i18n";
import { linkClass, TextField } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { AuthShell } from "../auth-shell/auth-shell";
import { FormButton } from "../auth-shell/form-button";
import { StepHeading } from "../auth-shell/step-heading";

// Asked once per page load, like the offered sign-in methods.
let known: SignUpMode | undefined;

/** Who may sign up on this deployment; undefined until the server has said (then "public" on failure). */
export function useSignUpMode(): SignUpMode | undefined {
  const [mode, setMode] = useState(known);
  useEffect(() => {
    if (known) return;
    let live = true;
    fetchSiteConfig()
      .then((config) => config.signUpMode)
      // Without an answer the wizard is shown; the server still refuses what the mode does not allow.
      .catch((): SignUpMode => "public")
      .then((value) => {
        known = value;
        if (live) setMode(value);
      });
    return () => {
      live = false;
    };
  }, []);
  return mode;
}

/** The message of a refused call: the server's, in the page's language; a network failure has none. */
function messageOf(error: unknown, fallback: string): string {
  return error instanceof ApiRequestError && error.message ? error.message : fallback;
}

/** Shown when an address may not sign up because sign-up is by invitation only. */
export function RestrictedScreen({ onOtherAddress }: { onOtherAddress: () => void }) {
  const { t } = useTranslation("auth");
  return (
    <AuthShell>
      <div className="space-y-5">
        <StepHeading title={t("restricted.title")} subtitle={t("restricted.body")} />
        <FormButton onClick={onOtherAddress}>{t("restricted.tryAgain")}</FormButton>
        <p className="text-center text-sm">
          <LocalizedLink to="/sign-in" className={linkClass}>
            {t("restricted.signIn")}
          </LocalizedLink>
        </p>
        <p className="text-center text-sm">
          <LocalizedLink to="/" className={linkClass}>
            {t("restricted.home")}
          </LocalizedLink>
        </p>
      </div>
    </AuthShell>
  );
}

type WaitlistView = "form" | "sent" | "confirming" | "confirmed";

/**
 * The waitlist: visitors leave their address and confirm it by the mailed link, which leads back
 * here with its token. An invited visitor continues to the sign-up wizard.
 */
export function WaitlistScreen({ email: initialEmail = "", token }: { email?: string; token?: string }) {
  const { t } = useTranslation("auth");
  const [view, setView] = useState<WaitlistView>(token ? "confirming" : "form");
  const [email, setEmail] = useState(initialEmail);
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const confirming = useRef(false);

  useEffect(() => {
    if (!token || confirming.current) return;
    confirming.current = true;
    request("POST /api/waitlist/confirm", { body: { token } })
      .then(() => setView("confirmed"))
      .catch((e: unknown) => {
        setError(messageOf(e, t("errors.network")));
        setView("form");
      });
  }, [token, t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(undefined);
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) {
      setFieldError(t("errors.waitlist_invalid"));
      return;
    }
    setBusy(true);
    try {
      await request("POST /api/waitlist", { body: { email: email.trim() } });
      setView("sent");
    } catch (failure) {
      setError(messageOf(failure, t("errors.network")));
    } finally {
      setBusy(false);
    }
  };

  const invited = (
    <p className="text-center text-sm text-slate-600">
      {t("waitlist.invited")}{" "}
      <LocalizedLink to="/sign-up?invited=1" className={linkClass}>
        {t("waitlist.invitedLink")}
      </LocalizedLink>
    </p>
  );

  if (view === "confirming") {
    return (
      <AuthShell>
        <p role="status" className="text-slate-700">
          {t("waitlist.confirming")}
        </p>
      </AuthShell>
    );
  }
  if (view === "sent" || view === "confirmed") {
    const sent = view === "sent";
    return (
      <AuthShell>
        <div className="space-y-5">
          <StepHeading
            title={sent ? t("waitlist.sentTitle") : t("waitlist.confirmedTitle")}
            subtitle={sent ? t("waitlist.sentBody", { email: email.trim() }) : t("waitlist.confirmedBody")}
            // The confirmation is a page opened from a mail: nothing to follow from a step before.
            autoFocus={sent}
          />
          <p className="text-center text-sm">
            <LocalizedLink to="/" className={linkClass}>
              {t("waitlist.home")}
            </LocalizedLink>
          </p>
        </div>
      </AuthShell>
    );
  }
  return (
    <AuthShell>
      <form onSubmit={submit} noValidate className="space-y-5">
        <StepHeading title={t("waitlist.title")} subtitle={t("waitlist.subtitle")} autoFocus={false} />
        <TextField
          id="waitlist-email"
          label={t("waitlist.email")}
          type="email"
          autoComplete="email"
          maxLength={254}
          required
          value={email}
          error={fieldError}
          onChange={(e) => {
            setFieldError(undefined);
            setEmail(e.target.value);
          }}
        />
        {error && <FormAlert>{error}</FormAlert>}
        <FormButton type="submit" disabled={busy}>
          {t("waitlist.submit")}
        </FormButton>
        {invited}
      </form>
    </AuthShell>
  );
}
