import { useTranslation } from "react-i18next";
import type { Language } from "../i18n/languages";
import { PAGES } from "../site/pages";
import { alternates, pageUrl } from "../site/seo";

/** Title, description, robots, canonical and hreflang links of a page; React hoists them into <head>. */
export function PageMeta({ page, lang }: { page: string; lang: Language }) {
  const { t } = useTranslation("common");
  const def = PAGES.find((p) => p.key === page);
  const path = def?.path ?? "";
  return (
    <>
      <title>{t(`pages.${page}.title`)}</title>
      <meta name="description" content={t(`pages.${page}.description`)} />
      <meta name="robots" content={def?.robots ?? "noindex, nofollow"} />
      {def && <link rel="canonical" href={pageUrl(lang, path)} />}
      {def?.audience === "public" &&
        alternates(path).map((a) => <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />)}
    </>
  );
}
