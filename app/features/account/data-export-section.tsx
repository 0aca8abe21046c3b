import { useState } from "react";
import { useTranslation } from "react-i18next";
import { requestDataExport } from "../../api/account";
import { ApiRequestError } from "../../api/client";
import { Button } from "../../ui";
import { FormAlert } from "../../ui/form-alert";

/** "Download my data": asks for the archive, which is prepared in the background and mailed as a link. */
export function DataExportSection() {
  const { t } = useTranslation("account");
  const [busy, setBusy] = useState(false);
  const [sentTo, setSentTo] = useState("");
  const [error, setError] = useState("");
  const start = async () => {
    setBusy(true);
    setError("");
    try {
      setSentTo(await requestDataExport());
    } catch (e) {
      setError((e instanceof ApiRequestError && e.message) || t("dataExport.failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="space-y-3">
      <div aria-live="polite">{sentTo && <FormAlert tone="info">{t("dataExport.sent", { email: sentTo })}</FormAlert>}</div>
      {error && <FormAlert>{error}</FormAlert>}
      <Button variant="secondary" size="md" disabled={busy} onClick={start}>
        {busy ? t("dataExport.busy") : t("dataExport.button")}
      </Button>
    </div>
  );
}
