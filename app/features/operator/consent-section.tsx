import { useTranslation } from "react-i18next";
import type { OperatorUserDetail } from "../../../core/operator";
import { OperatorSection, useDateTime } from "./operator-layout";

/** When the user agreed to the terms and the privacy policy, and to which version. */
export function ConsentSection({ consent }: { consent: OperatorUserDetail["consent"] }) {
  const { t } = useTranslation("operator");
  const when = useDateTime();
  return (
    <OperatorSection id="user-consent" title={t("user.consent.title")}>
      {consent ? (
        <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="font-medium text-slate-600">{t("user.consent.at")}</dt>
          <dd className="text-slate-900">{when(consent.at)}</dd>
          <dt className="font-medium text-slate-600">{t("user.consent.version")}</dt>
          <dd className="text-slate-900">{consent.version ?? "—"}</dd>
        </dl>
      ) : (
        <p className="text-sm text-slate-700">{t("user.consent.none")}</p>
      )}
    </OperatorSection>
  );
}
