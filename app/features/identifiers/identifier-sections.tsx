import { useTranslation } from "react-i18next";
import { fetchAccountIdentifiers, fetchAccountSecurity } from "../../api/account";
import { useLoad } from "../../api/use-load";
import { ConnectedAccountsSection } from "./connected-accounts-section";
import { EmailAddressesSection } from "./email-addresses-section";
import { PhoneNumbersSection } from "./phone-numbers-section";
import { WalletsSection } from "./wallets-section";

/** The account page's ways to sign in: e-mail addresses, phone numbers, connected accounts and Web3 wallets. */
export function IdentifierSections() {
  const { t } = useTranslation("account");
  const [identifiers, reload] = useLoad("identifiers", fetchAccountIdentifiers);
  // The proof a sensitive change asks for (decision 058).
  const [security] = useLoad("security", fetchAccountSecurity);
  if (identifiers.state === "failed") {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t("identifiers.loadFailed")}
      </p>
    );
  }
  if (identifiers.state === "loading") return null;
  const reverification = security.state === "loaded" ? security.data.reverification : undefined;
  const common = { identifiers: identifiers.data, reverification, reload };
  return (
    <>
      <EmailAddressesSection {...common} />
      <PhoneNumbersSection reverification={reverification} />
      <ConnectedAccountsSection {...common} />
      <WalletsSection {...common} />
    </>
  );
}
