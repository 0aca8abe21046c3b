import { DevelopersPage } from "../../features/developers/developers-page";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["developers", "api"] };

export default function Developers() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="developers" lang={lang} />
      <DevelopersPage />
    </>
  );
}
