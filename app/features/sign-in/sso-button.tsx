import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SsoLookup } from "../../../core/api";
import { lookupSso, startSso } from "../../api/sso";
import { useLanguage } from "../../i18n";
import { FormAlert } from "../../ui/form-alert";
import { FormButton } from "../auth-shell/form-button";

/** How long typing rests before the address's domain is asked about. */
const PAUSE_MS = 300;

/**
 * "Continue with single sign-on" below the address, for an address whose domain has an active
 * connection; for an enforced one it is the only way in, and the notice says so.
 */
export function SsoButton({ email }: { email: string }) {
  const { t } = useTranslation("auth");
  const lang = useLanguage();
  const [found, setFound] = useState<SsoLookup | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const address = email.trim();

  useEffect(() => {
    setFound(null);
    if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(address)) return;
    let cancelled = false;
    const timer = setTimeout(() => {
      lookupSso(address).then(
        (answer) => !cancelled && setFound(answer),
        () => {},
      );
    }, PAUSE_MS);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [address]);

  if (!found?.sso) return null;
  const go = async () => {
    setBusy(true);
    setError("");
    try {
      window.location.assign((await startSso({ email: address }, lang)).url);
    } catch {
      setBusy(false);
      setError(t("errors.sso_failed"));
    }
  };
  return (
    <div className="space-y-2">
      {found.enforced && <FormAlert tone="info">{t("sso.enforcedNotice")}</FormAlert>}
      {error && <FormAlert>{error}</FormAlert>}
      <FormButton
        variant={found.enforced ? "primary" : "secondary"}
        onClick={() => void go()}
        disabled={busy}
        aria-busy={busy || undefined}
      >
        {t("sso.continue")}
      </FormButton>
    </div>
  );
}
