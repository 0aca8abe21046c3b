import { useTranslation } from "react-i18next";
import type { ApiKeyRow } from "../../../core/api";
import { ConfirmDialog } from "../../ui/confirm-dialog";

/**
 * "Revoke this key?" for its owner and for an operator alike. `revoke` ends the key and says
 * whether it did; the dialog closes only then, and otherwise stays open with the failure.
 */
export function RevokeKeyDialog({
  item,
  revoke,
  onClose,
}: {
  item: ApiKeyRow;
  revoke: (item: ApiKeyRow) => Promise<boolean>;
  onClose: () => void;
}) {
  const { t } = useTranslation("api");
  return (
    <ConfirmDialog
      title={t("keys.revokeTitle", { name: item.name })}
      confirm={t("keys.revoke")}
      busyConfirm={t("keys.revoking")}
      cancel={t("keys.cancel")}
      onClose={onClose}
      onConfirm={async () => {
        const done = await revoke(item);
        if (done) onClose();
        return done ? undefined : t("keys.revokeFailed");
      }}
    >
      {t("keys.revokeText")}
    </ConfirmDialog>
  );
}
