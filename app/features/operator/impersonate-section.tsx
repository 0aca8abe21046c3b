import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OperatorUserDetail } from "../../../core/operator";
import { ApiRequestError } from "../../api/client";
import { operatorApi } from "../../api/operator";
import { useLanguage } from "../../i18n";
import { Button } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { OperatorSection } from "./operator-layout";

/** Signs this browser in as the user for at most an hour; the bar on every page leads back here. */
export function ImpersonateSection({ user }: { user: OperatorUserDetail }) {
  const { t } = useTranslation("operator");
  const lang = useLanguage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState("");
  const start = async () => {
    setBusy(true);
    setError("");
    try {
      await operatorApi.impersonate(user.id);
      window.location.assign(`/${lang}/dashboard`);
    } catch (e) {
      setError((e instanceof ApiRequestError && e.message) || t("errors.actionFailed"));
      setBusy(false);
    }
  };
  const possible = !user.operator && !user.banned;
  return (
    <OperatorSection id="user-impersonate" title={t("user.impersonate.title")}>
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{t(possible ? "user.impersonate.intro" : "user.impersonate.notPossible")}</p>
        {error && <FormAlert>{error}</FormAlert>}
        {possible && (
          <Button variant="secondary" size="md" disabled={busy} onClick={() => void start()}>
            {t("user.impersonate.start")}
          </Button>
        )}
      </div>
    </OperatorSection>
  );
}
