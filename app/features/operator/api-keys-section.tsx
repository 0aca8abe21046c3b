import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiKeyRow } from "../../../core/api";
import { fetchKeysAsOperator, revokeKeyAsOperator } from "../../api/api-keys";
import { useAction } from "../../api/use-action";
import { useLoad } from "../../api/use-load";
import { FormMessages } from "../../ui/form-alert";
import { ApiKeyItem } from "../api-keys/api-keys-panel";
import { RevokeKeyDialog } from "../api-keys/revoke-key-dialog";
import { OperatorSection } from "./operator-layout";

/** A user's or a team's API keys on their console page, each revocable by the operator (audited). */
export function OperatorKeysSection({ owner, onChanged }: { owner: { userId: string } | { teamId: string }; onChanged?: () => void }) {
  const { t } = useTranslation("api");
  const id = "userId" in owner ? owner.userId : owner.teamId;
  const [keys, reload] = useLoad(`operator-keys-${id}`, () => fetchKeysAsOperator(owner));
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const revoke = useAction({
    failure: t("keys.revokeFailed"),
    onDone: async () => {
      await reload();
      onChanged?.();
    },
  });
  return (
    <OperatorSection id="api-keys" title={t("keys.operatorTitle")}>
      <FormMessages error={revoke.error} notice={revoke.notice} />
      {keys.state === "loaded" &&
        (keys.data.items.length === 0 ? (
          <p className="text-sm text-slate-700">{t("keys.operatorNone")}</p>
        ) : (
          <ul className="space-y-3">
            {keys.data.items.map((item) => (
              <ApiKeyItem key={item.id} item={item} showCreator onRevoke={() => setRevoking(item)} />
            ))}
          </ul>
        ))}
      {keys.state === "failed" && <p role="alert">{keys.message || t("keys.loadFailed")}</p>}
      {revoking && (
        <RevokeKeyDialog
          item={revoking}
          revoke={(item) => revoke.run(() => revokeKeyAsOperator(item.id), t("keys.revoked", { name: item.name }))}
          onClose={() => setRevoking(null)}
        />
      )}
    </OperatorSection>
  );
}
