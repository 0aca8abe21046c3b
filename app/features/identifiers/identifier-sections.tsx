import { useTranslation } from "react-i18next";
import { PhoneNumbersSection } from "../phone/phone-numbers-section";
import { useAccountSecurity } from "../security/security-api";
import { ConnectedAccountsSection } from "./connected-accounts-section";
import { EmailAddressesSection } from "./email-addresses-section";
import { useAccountIdentifiers } from "./use-identifiers";
import { WalletsSection } from "./wallets-section";

/** The account page's ways to sign in: e-mail addresses, phone numbers, connected accounts and Web3 wallets. */
export function IdentifierSections() {
  const { t } = useTranslation("account");
  const { state, failed, reload } = useAccountIdentifiers();
  // The proof a sensitive change asks for (decision 058).
  const security = useAccountSecurity();
  if (failed) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t("identifiers.loadFailed")}
      </p>
    );
  }
  if (!state) return null;
  const common = { identifiers: state, reverification: security.state?.reverification, reload };
  return (
    <>
      <EmailAddressesSection {...common} />
      <PhoneNumbersSection />
      <ConnectedAccountsSection {...common} />
      <WalletsSection {...common} />
    </>
  );
}
