import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError, request } from "../../api/client";
import { LocalizedLink } from "../../i18n";
import { authErrorMessage } from "../../identity/errors";
import { linkClass, Spinner } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { FormButton } from "../auth-shell/form-button";
import { StepHeading } from "../auth-shell/step-heading";
import type { FirstFactorDone } from "./sign-in-answer";

type LandingState = "loading" | "verified" | "other-device" | "already-verified" | "used" | "expired" | "failed";

/**
 * The page an e-mailed sign-in link opens (`/{lang}/sign-in?link=…`), with the states of the
 * specification: loading; verified (the tab that asked signs in by itself, this one says so);
 * expired; failed; opened on another device or browser (return there, or sign in here after a
 * second confirmation, docs/decisions/072); already verified in another tab; already used to sign in.
 */
export function LinkLanding({ token, onDone }: { token: string; onDone: FirstFactorDone }) {
  const { t } = useTranslation("auth");
  const [state, setState] = useState<LandingState>("loading");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const opened = useRef(false);

  useEffect(() => {
    // Opened once per page: a second call would find the link already verified.
    if (opened.current) return;
    opened.current = true;
    request("POST /api/auth/sign-in-link/open", { body: { token } })
      .then(({ state: next }) => setState(next))
      .catch((failure) =>
        setState(failure instanceof ApiRequestError && failure.code === "verification_link_expired" ? "expired" : "failed"),
      );
  }, [token]);

  const signInHere = async () => {
    setBusy(true);
    setError(undefined);
    try {
      onDone(await request("POST /api/auth/sign-in-link/confirm", { body: { token } }));
    } catch (failure) {
      setBusy(false);
      const code = failure instanceof ApiRequestError ? failure.code : undefined;
      if (code === "verification_link_expired") return setState("expired");
      setError(authErrorMessage(t, failure instanceof ApiRequestError ? { code, status: failure.status } : { status: 0 }, "signIn.error"));
    }
  };

  const newLink = (
    <p className="text-center text-sm">
      <LocalizedLink to="/sign-in" className={linkClass}>
        {t("linkLanding.newLink")}
      </LocalizedLink>
    </p>
  );

  switch (state) {
    case "loading":
      return (
        <div className="space-y-5">
          <StepHeading title={t("linkLanding.checkingTitle")} autoFocus={false} />
          <Spinner label={t("linkLanding.checking")} />
        </div>
      );
    case "verified":
      return <StepHeading title={t("linkLanding.verifiedTitle")} subtitle={t("linkLanding.verified")} />;
    case "already-verified":
      return <StepHeading title={t("linkLanding.alreadyTitle")} subtitle={t("linkLanding.already")} />;
    case "used":
      return (
        <div className="space-y-5">
          <StepHeading title={t("linkLanding.usedTitle")} subtitle={t("linkLanding.used")} />
          {newLink}
        </div>
      );
    case "expired":
      return (
        <div className="space-y-5">
          <StepHeading title={t("linkLanding.expiredTitle")} />
          <FormAlert>{t("errors.verification_link_expired")}</FormAlert>
          {newLink}
        </div>
      );
    case "failed":
      return (
        <div className="space-y-5">
          <StepHeading title={t("linkLanding.failedTitle")} />
          <FormAlert>{t("errors.verification_link_invalid")}</FormAlert>
          {newLink}
        </div>
      );
    case "other-device":
      return (
        <div className="space-y-5">
          <StepHeading title={t("linkLanding.otherDeviceTitle")} />
          <FormAlert tone="info">{t("errors.verification_link_other_device")}</FormAlert>
          <p className="text-slate-700">{t("linkLanding.otherDevice")}</p>
          {error && <FormAlert>{error}</FormAlert>}
          <FormButton onClick={() => void signInHere()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? t("linkLanding.signingIn") : t("linkLanding.signInHere")}
          </FormButton>
        </div>
      );
  }
}
