import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { OperatorUserDetail } from "../../../core/operator";
import { ApiRequestError } from "../../api/client";
import { operatorApi } from "../../api/operator";
import { useLanguage } from "../../i18n";
import { Button, TextField } from "../../ui";
import { Dialog } from "../../ui/dialog";
import { FormAlert } from "../../ui/form-alert";
import { OperatorSection } from "./operator-layout";

/** Erases the user, as self-service deletion does, after the operator types the user's address. */
export function DeleteUserSection({ user }: { user: OperatorUserDetail }) {
  const { t } = useTranslation("operator");
  const [open, setOpen] = useState(false);
  return (
    <OperatorSection id="user-delete" title={t("user.delete.title")}>
      <div className="space-y-3">
        <p className="text-sm text-slate-700">{t("user.delete.intro")}</p>
        {!user.operator && (
          <Button variant="danger" size="md" onClick={() => setOpen(true)}>
            {t("user.delete.open")}
          </Button>
        )}
      </div>
      {open && <DeleteUserDialog user={user} onClose={() => setOpen(false)} />}
    </OperatorSection>
  );
}

function DeleteUserDialog({ user, onClose }: { user: OperatorUserDetail; onClose: () => void }) {
  const { t } = useTranslation("operator");
  const lang = useLanguage();
  const navigate = useNavigate();
  const [typed, setTyped] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (typed.trim().toLowerCase() !== user.email.toLowerCase()) {
      setError(t("errors.deleteUserConfirmation"));
      return;
    }
    setBusy(true);
    setError("");
    try {
      await operatorApi.deleteUser(user.id, { confirmation: typed });
      navigate(`/${lang}/admin/users`, { state: { notice: t("user.delete.done", { email: user.email }) } });
    } catch (e) {
      setError((e instanceof ApiRequestError && e.message) || t("errors.actionFailed"));
      setBusy(false);
    }
  };

  return (
    <Dialog onClose={onClose} title={t("user.delete.open")} look="form">
      <form onSubmit={submit} className="mt-4 space-y-4" noValidate>
        <p className="text-sm text-slate-700">{t("user.delete.warning")}</p>
        {error && <FormAlert>{error}</FormAlert>}
        <TextField
          id="delete-user-confirmation"
          look="compact"
          label={t("user.delete.confirmLabel", { email: user.email })}
          autoComplete="off"
          spellCheck={false}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" size="md" onClick={onClose}>
            {t("user.ban.cancel")}
          </Button>
          <Button type="submit" variant="danger" size="md" disabled={busy}>
            {t("user.delete.confirm")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
