import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { BAN_REASON_MAX } from "../../../core/operator";
import { ApiRequestError } from "../../api/client";
import { operatorApi } from "../../api/operator";
import { Button, TextField } from "../../ui";
import { Dialog } from "../../ui/dialog";
import { FormAlert } from "../../ui/form-alert";

/** Asks for the reason and an optional last day, then bans the user. */
export function BanDialog({ userId, onClose, onBanned }: { userId: string; onClose: () => void; onBanned: () => void }) {
  const { t } = useTranslation("operator");
  const [reason, setReason] = useState("");
  const [until, setUntil] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) {
      setError(t("errors.invalidBan"));
      return;
    }
    setBusy(true);
    setError("");
    try {
      // The ban ends at the end of the chosen day, in the operator's time zone.
      const expiresAt = until ? new Date(`${until}T23:59:59`).toISOString() : null;
      await operatorApi.ban(userId, { reason: reason.trim(), expiresAt });
      onBanned();
    } catch (e) {
      setError((e instanceof ApiRequestError && e.message) || t("errors.actionFailed"));
      setBusy(false);
    }
  };

  return (
    <Dialog onClose={onClose} title={t("user.ban.open")} look="form">
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <p className="text-sm text-slate-700">{t("user.ban.intro")}</p>
        {error && <FormAlert>{error}</FormAlert>}
        <TextField
          id="ban-reason"
          look="compact"
          label={t("user.ban.reason")}
          multiline={3}
          required
          maxLength={BAN_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        <TextField
          id="ban-until"
          look="compact"
          type="date"
          min={tomorrow}
          label={t("user.ban.until")}
          hint={t("user.ban.untilHint")}
          value={until}
          onChange={(e) => setUntil(e.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" size="md" onClick={onClose}>
            {t("user.ban.cancel")}
          </Button>
          <Button type="submit" variant="danger" size="md" disabled={busy}>
            {t("user.ban.confirm")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
