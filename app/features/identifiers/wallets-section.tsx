import { useTranslation } from "react-i18next";
import type { AccountIdentifiers, AccountSecurity, WalletSummary } from "../../../core/api";
import { request } from "../../api/client";
import { useLanguage } from "../../i18n";
import { Button } from "../../ui";
import { FormMessages } from "../../ui/form-alert";
import { RemoveButton } from "../../ui/remove-button";
import { AccountSection } from "../area/account-layout";
import { useSectionActions } from "./run-action";

/** A wallet address shortened for reading; the full one is in its label. */
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`;

/**
 * "Web3 wallets": connect the browser wallet's address (it signs the server's Sign-In with
 * Ethereum message), list and remove. The wallet code loads only when a wallet is connected.
 */
export function WalletsSection(props: {
  identifiers: AccountIdentifiers;
  reverification: AccountSecurity["reverification"] | undefined;
  reload: () => Promise<void>;
}) {
  const { t } = useTranslation(["account", "auth"]);
  const lang = useLanguage();
  const { run, busy, error, notice, clear, dialog } = useSectionActions(props.reverification, props.reload, "account:wallets.error");
  const when = new Intl.DateTimeFormat(lang, { dateStyle: "medium" });

  const connect = () => {
    let connected: WalletSummary | undefined;
    void run(
      async () => {
        // The wallet code is loaded only now.
        const { connectWallet } = await import("../../identity/wallet");
        connected = await connectWallet();
      },
      () => t("wallets.connectedNotice", { address: short(connected?.address ?? "") }),
    );
  };

  const remove = (wallet: WalletSummary) =>
    run(
      () => request("DELETE /api/account/wallets/:id", { params: { id: wallet.id } }),
      t("wallets.removed", { address: short(wallet.address) }),
    );

  return (
    <AccountSection id="web3-wallets" title={t("wallets.title")} intro={t("wallets.intro")}>
      <div className="space-y-4">
        <FormMessages error={error} notice={notice} />
        {props.identifiers.wallets.length === 0 ? (
          <p className="text-sm text-slate-600">{t("wallets.none")}</p>
        ) : (
          <ul aria-label={t("wallets.listLabel")} className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {props.identifiers.wallets.map((wallet) => (
              <li key={wallet.id} className="flex flex-wrap items-center justify-between gap-3 px-4 py-3">
                <div className="min-w-0">
                  <p className="break-all font-mono text-sm font-semibold text-slate-900">{wallet.address}</p>
                  <p className="text-sm text-slate-600">{t("wallets.connectedAt", { date: when.format(new Date(wallet.createdAt)) })}</p>
                </div>
                <RemoveButton
                  label={t("wallets.remove")}
                  name={t("wallets.removeNamed", { address: wallet.address })}
                  title={t("wallets.removeTitle")}
                  confirm={t("wallets.confirmRemoveButton")}
                  cancel={t("wallets.cancel")}
                  disabled={busy}
                  onOpen={clear}
                  onRemove={() => remove(wallet)}
                >
                  {t("wallets.confirmRemove", { address: wallet.address })}
                </RemoveButton>
              </li>
            ))}
          </ul>
        )}
        <Button variant="strong" size="md" onClick={connect} disabled={busy}>
          {t("wallets.connect")}
        </Button>
      </div>
      {dialog}
    </AccountSection>
  );
}
