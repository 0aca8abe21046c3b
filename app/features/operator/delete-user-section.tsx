import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { OperatorUserDetail } from "../../../core/operator";
import { ApiRequestError } from "../../api/client";
import { operatorApi } from "../../api/operator";
import { useLanguage } from "../../i18n";
import { Button } from "../../ui";
import { ConfirmDialog } from "../../ui/confirm-dialog";
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
  const confirm = async (typed: string) => {
    try {
      await operatorApi.deleteUser(user.id, { confirmation: typed });
      navigate(`/${lang}/admin/users`, { state: { notice: t("user.delete.done", { email: user.email }) } });
      return null;
    } catch (e) {
      return (e instanceof ApiRequestError && e.message) || t("errors.actionFailed");
    }
  };
  return (
    <ConfirmDialog
      title={t("user.delete.open")}
      typed={{
        label: t("user.delete.confirmLabel", { email: user.email }),
        matches: (typed) => typed.trim().toLowerCase() === user.email.toLowerCase(),
        mismatch: t("errors.deleteUserConfirmation"),
      }}
      confirm={t("user.delete.confirm")}
      cancel={t("user.ban.cancel")}
      onClose={onClose}
      onConfirm={confirm}
    >
      {t("user.delete.warning")}
    </ConfirmDialog>
  );
}
