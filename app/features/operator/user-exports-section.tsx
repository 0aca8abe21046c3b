import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiRequestError } from "../../api/client";
import { operatorApi } from "../../api/operator";
import { useLoad } from "../../api/use-load";
import { Button } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { OperatorSection, useDateTime } from "./operator-layout";

/** A user's data exports on their console page, and starting one for them (the link goes to the user's own address). */
export function UserExportsSection({ userId }: { userId: string }) {
  const { t } = useTranslation("operator");
  const when = useDateTime();
  const [load, reload] = useLoad(`exports-${userId}`, () => operatorApi.userExports(userId));
  const [notice, setNotice] = useState("");
  const [error, setError] = useState("");
  const start = async () => {
    setNotice("");
    setError("");
    try {
      await operatorApi.startUserExport(userId);
      setNotice(t("exports.started"));
      reload();
    } catch (e) {
      setError((e instanceof ApiRequestError && e.message) || t("errors.actionFailed"));
    }
  };
  return (
    <OperatorSection
      id="user-exports"
      title={t("exports.title")}
      actions={
        <Button variant="secondary" size="sm" onClick={start}>
          {t("exports.start")}
        </Button>
      }
    >
      <div aria-live="polite">{notice && <FormAlert tone="info">{notice}</FormAlert>}</div>
      {error && <FormAlert>{error}</FormAlert>}
      {load.state === "loaded" &&
        (load.data.items.length === 0 ? (
          <p className="text-sm text-slate-700">{t("exports.none")}</p>
        ) : (
          <ul className="space-y-1 text-sm text-slate-800">
            {load.data.items.map((e) => (
              <li key={e.id}>
                {when(e.createdAt)} · {t(`exports.status.${e.status}`)} · {e.requestedBy ?? t("exports.byUser")}
              </li>
            ))}
          </ul>
        ))}
    </OperatorSection>
  );
}
