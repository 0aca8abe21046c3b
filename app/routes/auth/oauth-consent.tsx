import { ConsentPage } from "../../features/connected-apps/consent-page";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["api", "auth", "dashboard"] };

export default function OAuthConsent() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="oauthConsent" lang={lang} />
      <ConsentPage />
    </>
  );
}
