import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";
import type { Language } from "../../core/languages";
import { ACCOUNT_ROBOTS, PUBLIC_PAGES } from "../../core/pages";
import { alternates } from "../../core/site-urls";
import { pathWithoutLanguage } from "../i18n/paths";
import { SITE } from "./config";
import { absoluteUrl, ogLocale, type PageMetadata, siteOrigin, sitePageUrl } from "./seo";

interface Props {
  page: string;
  lang: Language;
  keywords?: string;
  ogType?: PageMetadata["ogType"];
  ogImage?: string;
  structuredData?: PageMetadata["structuredData"];
}

/**
 * A page's metadata: title, description, robots, canonical, hreflang, Open Graph,
 * Twitter card and JSON-LD. React hoists the title, meta and link elements into <head>, so all of
 * it is in the prerendered HTML.
 */
export function PageMeta({ page, lang, keywords, ogType = "website", ogImage = SITE.ogImagePath, structuredData }: Props) {
  const { t } = useTranslation("common");
  // Public pages have their entry; every other page is an account page (never indexed) at the address shown.
  const { pathname } = useLocation();
  const def = PUBLIC_PAGES.find((p) => p.key === page);
  const path = def?.path ?? pathWithoutLanguage(pathname);
  const title = t(`pages.${page}.title`);
  const description = t(`pages.${page}.description`);
  const url = sitePageUrl(lang, path);
  const image = absoluteUrl(ogImage);
  const otherLocale = ogLocale(lang === "de" ? "en" : "de");
  return (
    <>
      <title>{title}</title>
      <meta name="description" content={description} />
      {keywords && <meta name="keywords" content={keywords} />}
      <meta name="robots" content={def?.robots ?? ACCOUNT_ROBOTS} />
      <link rel="canonical" href={url} />
      {def?.audience === "public" &&
        alternates(path, siteOrigin()).map((a) => <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />)}
      <meta property="og:type" content={ogType} />
      <meta property="og:site_name" content={SITE.name} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={image} />
      <meta property="og:image:width" content="1200" />
      <meta property="og:image:height" content="630" />
      <meta property="og:image:alt" content={title} />
      <meta property="og:locale" content={ogLocale(lang)} />
      <meta property="og:locale:alternate" content={otherLocale} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={image} />
      {structuredData?.map((data) => (
        <script
          key={String(data["@type"])}
          type="application/ld+json"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: serialized structured data, "<" escaped
          dangerouslySetInnerHTML={{ __html: JSON.stringify(data).replace(/</g, "\\u003c") }}
        />
      ))}
    </>
  );
}
