import { useTranslation } from "react-i18next";
import { LegalPage } from "../../features/legal/legal-document";
import { useLanguage } from "../../i18n";
import { SITE } from "../../site/config";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["legal"] };

const h2 = "mt-10 text-xl font-semibold text-slate-900";
const p = "mt-3 leading-relaxed text-slate-700";

/**
 * The legal notice. It is published in English only, in both languages of the site; the German
 * page says so and marks the text as English for assistive technology.
 */
export default function Imprint() {
  const { t } = useTranslation("legal");
  const lang = useLanguage();
  const { company } = SITE;
  const website = `https://${SITE.domain}`;
  return (
    <>
      <PageMeta page="imprint" lang={lang} />
      <LegalPage title="Legal Notice" lang="en" note={lang === "de" ? t("imprintEnglishOnly") : undefined}>
        <h2 className={h2}>Information pursuant to § 5 DDG (German Digital Services Act, formerly § 5 TMG)</h2>
        <address className={`${p} not-italic`}>
          {company.legalName}
          <br />
          {company.street}
          <br />
          {company.postalCode} {company.city}
          <br />
          {company.country}
        </address>
        <h2 className={h2}>Represented by the managing directors</h2>
        <p className={p}>{company.managingDirectors.join(", ")}</p>
        <h2 className={h2}>Contact</h2>
        <p className={p}>
          E-mail:{" "}
          <a href={`mailto:${company.email}`} className="text-blue-700 underline">
            {company.email}
          </a>
          <br />
          Phone: {company.phone}
          <br />
          Website:{" "}
          <a href={website} className="text-blue-700 underline">
            {website}
          </a>
        </p>
        <h2 className={h2}>Commercial register</h2>
        <p className={p}>
          Register court: {company.registerCourt}
          <br />
          Register number: {company.registerNumber}
        </p>
        <h2 className={h2}>VAT identification number</h2>
        <p className={p}>VAT ID pursuant to § 27a of the German VAT Act: {company.vatId}</p>
        <h2 className={h2}>Liability for content</h2>
        <p className={p}>
          We create the content of these pages with great care, but we cannot guarantee that it is accurate, complete or up to date. As a
          service provider we are responsible for our own content on these pages under the general laws. We are not obliged to monitor
          third-party information that is transmitted or stored, or to investigate circumstances that indicate illegal activity. Obligations
          to remove or block the use of information under the general laws remain unaffected; such liability is only possible from the
          moment we become aware of a specific infringement, and we will remove such content as soon as we learn of it.
        </p>
        <h2 className={h2}>Liability for links</h2>
        <p className={p}>
          Our website contains links to external websites of third parties over whose content we have no control, so we cannot accept any
          liability for that content. The respective provider or operator is always responsible for the content of linked pages. The linked
          pages were checked for possible legal violations when the link was set, and no illegal content was recognisable at that time.
          Permanent monitoring of linked pages is not reasonable without concrete indications of an infringement; if we become aware of one,
          we will remove the link immediately.
        </p>
        <h2 className={h2}>Copyright</h2>
        <p className={p}>
          The content and works created by the site operator on these pages are subject to German copyright law. Reproduction, editing,
          distribution and any kind of use beyond the limits of copyright law require the written consent of the respective author or
          creator. Where content on this site was not created by the operator, the copyrights of third parties are respected and marked as
          such. Should you nevertheless become aware of a copyright infringement, please let us know and we will remove the content
          immediately.
        </p>
      </LegalPage>
    </>
  );
}
