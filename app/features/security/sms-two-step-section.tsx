import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PhoneNumberList } from "../../../core/api";
import { formatPhoneNumber } from "../../../core/phone";
import { fetchPhoneNumbers, setSmsTwoFactor } from "../../api/phone-numbers";
import { LocalizedLink } from "../../i18n";
import { Button, linkClass, Spinner } from "../../ui";
import { FormMessages } from "../../ui/form-alert";
import { AccountSection } from "../area/account-layout";
import { phoneErrorMessage } from "../phone/phone-errors";
import { ReverificationCancelled, useReverification } from "./reverification";
import type { SecuritySectionProps } from "./security-page";

/**
 * Text message codes as the second step, beside the authenticator app: on or off (with a
 * recently verified session), sent to the account's verified primary number.
 */
export function SmsTwoStepSection({ security }: SecuritySectionProps) {
  const { t } = useTranslation(["phone", "auth", "security"]);
  const { guarded, dialog } = useReverification(security.reverification);
  const [data, setData] = useState<PhoneNumberList | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [notice, setNotice] = useState<string>();

  const reload = useCallback(async () => {
    try {
      setData(await fetchPhoneNumbers());
    } catch (failure) {
      setError(phoneErrorMessage(t, failure));
    }
  }, [t]);
  useEffect(() => {
    void reload();
  }, [reload]);

  const primary = data?.numbers.find((n) => n.primary && n.verified);

  const toggle = async (enabled: boolean) => {
    setBusy(true);
    setError(undefined);
    setNotice(undefined);
    try {
      setData(await guarded(() => setSmsTwoFactor(enabled)));
      setNotice(t(enabled ? "phone:twoStep.turnedOn" : "phone:twoStep.turnedOff"));
    } catch (failure) {
      if (!(failure instanceof ReverificationCancelled)) setError(phoneErrorMessage(t, failure));
    }
    setBusy(false);
  };

  return (
    <AccountSection id="sms-two-step" title={t("phone:twoStep.title")} intro={t("phone:twoStep.intro")}>
      <div className="space-y-4">
        <FormMessages error={error} notice={notice} />
        {!data ? (
          !error && <Spinner />
        ) : !primary ? (
          <p className="text-sm text-slate-700">
            {t("phone:twoStep.noPhone")}{" "}
            <LocalizedLink to="/account" className={linkClass}>
              {t("phone:twoStep.profileLink")}
            </LocalizedLink>
          </p>
        ) : (
          <>
            <p className="text-sm font-medium text-slate-800">
              {data.smsTwoFactor ? t("phone:twoStep.on", { number: formatPhoneNumber(primary.phoneNumber) }) : t("phone:twoStep.off")}
            </p>
            <Button
              type="button"
              variant={data.smsTwoFactor ? "secondary" : "strong"}
              size="md"
              disabled={busy}
              onClick={() => void toggle(!data.smsTwoFactor)}
            >
              {t(data.smsTwoFactor ? "phone:twoStep.turnOff" : "phone:twoStep.turnOn")}
            </Button>
          </>
        )}
      </div>
      {dialog}
    </AccountSection>
  );
}
