import { useCallback, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Device } from "../../../core/api";
import { fetchDevices, signOutDevice, signOutOtherDevices } from "../../api/account";
import { useLanguage } from "../../i18n";
import { Button, Spinner } from "../../ui";
import { FormMessages } from "../../ui/form-alert";
import { AccountSection } from "../area/account-layout";
import { ReverificationCancelled, useReverification } from "./reverification";
import type { SecuritySectionProps } from "./security-page";

/** The security page's "Active devices": every signed-in browser of the user; sign one or all others out. */
export function DevicesSection({ security }: SecuritySectionProps) {
  const { t } = useTranslation("account");
  const lang = useLanguage();
  const [devices, setDevices] = useState<Device[] | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [status, setStatus] = useState("");
  // Signing the other devices out asks for the account's proof again outside the 10-minute window.
  const { guarded, dialog } = useReverification(security.reverification);

  const load = useCallback(async () => {
    try {
      setDevices(await fetchDevices());
    } catch {
      setDevices(null);
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    setError(undefined);
    setStatus("");
    try {
      await guarded(action);
      setStatus(done);
    } catch (failure) {
      if (!(failure instanceof ReverificationCancelled)) setError(t("devices.failed"));
    }
    await load();
    setBusy(false);
  }

  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium", timeStyle: "short" });
  const label = (d: Device) =>
    t("devices.device", { browser: d.browser ?? t("devices.unknownBrowser"), os: d.os ?? t("devices.unknownSystem") });
  const others = devices?.filter((d) => !d.current) ?? [];

  return (
    <AccountSection id="devices" title={t("devices.title")} intro={t("devices.intro")}>
      {devices === undefined && <Spinner />}
      {devices === null && (
        <div role="alert" className="flex flex-wrap items-center gap-3 text-sm text-red-800">
          {t("devices.loadFailed")}
          <Button variant="secondary" size="sm" onClick={() => void load()}>
            {t("devices.retry")}
          </Button>
        </div>
      )}
      {devices && (
        <>
          <ul className="divide-y divide-slate-100">
            {devices.map((d) => (
              <li key={d.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  {/* The badge stays whole: on a narrow screen it moves below the device's name instead of breaking. */}
                  <p id={`device-${d.id}`} className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium text-slate-900">
                    <span>{label(d)}</span>
                    {d.current && (
                      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold whitespace-nowrap text-green-900">
                        {t("devices.thisDevice")}
                      </span>
                    )}
                  </p>
                  <p className="text-sm break-all text-slate-600">
                    {d.ipAddress ? t("devices.address", { ip: d.ipAddress }) : t("devices.noAddress")}
                  </p>
                  <p className="text-sm text-slate-600">{t("devices.lastActive", { when: when.format(new Date(d.lastActiveAt)) })}</p>
                </div>
                {!d.current && (
                  <Button
                    variant="secondary"
                    size="sm"
                    className="shrink-0 self-start sm:self-center"
                    disabled={busy}
                    aria-describedby={`device-${d.id}`}
                    onClick={() => run(() => signOutDevice(d.id), t("devices.signedOut"))}
                  >
                    {t("devices.signOut")}
                  </Button>
                )}
              </li>
            ))}
          </ul>
          {others.length === 0 && <p className="mt-2 text-sm text-slate-600">{t("devices.none")}</p>}
          {others.length > 0 && (
            <Button
              variant="secondary"
              size="md"
              className="mt-4"
              disabled={busy}
              onClick={() => run(signOutOtherDevices, t("devices.othersSignedOut"))}
            >
              {t("devices.signOutOthers")}
            </Button>
          )}
        </>
      )}
      {dialog}
      <FormMessages error={error} notice={status} className="mt-3" />
    </AccountSection>
  );
}
