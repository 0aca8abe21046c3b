import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import type { AccountIdentifiers, AccountSecurity, ConnectedAccountSummary } from "../../../core/api";
import { useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { unwrap } from "../../identity/failures";
import { Button } from "../../ui";
import { FormMessages } from "../../ui/form-alert";
import { RemoveButton } from "../../ui/remove-button";
import { AccountSection } from "../area/account-layout";
import { useSectionActions } from "./run-action";

/**
 * "Connected accounts": connect Google to this account (a round trip to Google that returns to
 * this page with `?connected=google` or `?connected=error`), list and disconnect, unless it is
 * the last way to sign in (the server refuses with `identification_deletion_failed`).
 */
export function ConnectedAccountsSection(props: {
  identifiers: AccountIdentifiers;
  reverification: AccountSecurity["reverification"] | undefined;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation(["account", "auth"]);
  const lang = useLanguage();
  const [params, setParams] = useSearchParams();
  const { run, busy, error, notice, clear, dialog } = useSectionActions(props.reverification, props.reload, "account:connected.error");
  const [returned, setReturned] = useState<string>();
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium" });
  const nameOf = (account: ConnectedAccountSummary) => (account.providerId === "google" ? t("connected.google") : account.providerId);
  const google = props.identifiers.providers.includes("google");
  const hasGoogle = props.identifiers.connectedAccounts.some((a) => a.providerId === "google");

  // Back from Google: say how it went once, and leave the address clean.
  const outcome = params.get("connected");
  useEffect(() => {
    if (!outcome) return;
    setReturned(outcome);
    setParams(
      (current) => {
        current.delete("connected");
        current.delete("error");
        return current;
      },
      { replace: true },
    );
  }, [outcome, setParams]);

  const connect = () =>
    void run(() =>
      unwrap(
        authClient.linkSocial({
          provider: "google",
          callbackURL: `/${lang}/account?connected=google`,
          errorCallbackURL: `/${lang}/account?connected=error`,
        }) as never,
      ),
    );

  const disconnect = (account: ConnectedAccountSummary) =>
    run(
      () => unwrap(authClient.unlinkAccount({ accountId: account.id } as never) as never),
      t("connected.disconnected", { name: nameOf(account) }),
    );

  const shownNotice = notice || (returned === "google" ? t("connected.connectedNotice") : undefined);
  const shownError = error || (returned === "error" ? t("connected.connectFailed") : undefined);

  return (
    <AccountSection id="connected-accounts" title={t("connected.title")} intro={t("connected.intro")}>
      <div className="space-y-4">
        <FormMessages error={shownError} notice={shownNotice} />
        {props.identifiers.connectedAccounts.length === 0 ? (
          <p className="text-sm text-slate-600">{t("connected.none")}</p>
        ) : (
          <ul aria-label={t("connected.listLabel")} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {props.identifiers.connectedAccounts.map((account) => (
              <li key={account.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="text-sm font-semibold text-slate-900">{nameOf(account)}</p>
                  <p className="text-sm text-slate-600">{t("connected.connectedAt", { date: when.format(new Date(account.createdAt)) })}</p>
                </div>
                <RemoveButton
                  label={t("connected.disconnect")}
                  name={t("connected.disconnectNamed", { name: nameOf(account) })}
                  title={t("connected.disconnectTitle")}
                  confirm={t("connected.confirmDisconnectButton")}
                  cancel={t("emails.cancel")}
                  disabled={busy}
                  onOpen={() => {
                    clear();
                    setReturned(undefined);
                  }}
                  onRemove={() => disconnect(account)}
                >
                  {t("connected.confirmDisconnect", { name: nameOf(account) })}
                </RemoveButton>
              </li>
            ))}
          </ul>
        )}
        {/* Without Google sign-in on this server there is nothing to connect: no option, no administrator's note. */}
        {!hasGoogle && google && (
          <Button
            variant="strong"
            size="md"
            onClick={() => {
              setReturned(undefined);
              connect();
            }}
            disabled={busy}
          >
            {t("connected.connect")}
          </Button>
        )}
      </div>
      {dialog}
    </AccountSection>
  );
}
