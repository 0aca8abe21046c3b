import { useTranslation } from "react-i18next";
import { SITE } from "../../site/config";
import { LogoMark } from "../../ui/icons/logo";
import { openCookieSettings } from "../consent/consent-store";
import { LEGAL_ITEMS, NAV_ITEMS } from "./nav";
import { SiteLink } from "./site-link";

const link = "rounded text-slate-300 hover:text-white aria-[current=page]:text-white aria-[current=page]:underline";
const SOCIAL = ["linkedin", "x", "youtube"] as const;

/** The public footer (SPEC section 2): legal links, section anchors, cookie settings, status, social, company. */
export function SiteFooter() {
  const { t } = useTranslation("site");
  const { company } = SITE;
  return (
    <footer className="bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-base font-semibold text-white">
            <LogoMark />
            {SITE.name}
          </p>
          <p className="mt-3 leading-relaxed">{t("footer.tagline")}</p>
        </div>
        <nav aria-label={t("footer.productLabel")}>
          <h2 className="font-semibold text-white">{t("footer.product")}</h2>
          <ul className="mt-3 space-y-2">
            {NAV_ITEMS.filter((n) => n.key !== "home" && n.key !== "contact").map((n) => (
              <li key={n.key}>
                <SiteLink to={n.to} className={link}>
                  {t(`nav.${n.key}`)}
                </SiteLink>
              </li>
            ))}
            <li>
              <a href={SITE.statusUrl} target="_blank" rel="noopener noreferrer" className={link}>
                {t("footer.status")}
                <span className="sr-only"> {t("newTab")}</span>
              </a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("footer.legalLabel")}>
          <h2 className="font-semibold text-white">{t("footer.legal")}</h2>
          <ul className="mt-3 space-y-2">
            {LEGAL_ITEMS.map((n) => (
              <li key={n.key}>
                <SiteLink to={n.to} className={link}>
                  {t(`legalLinks.${n.key}`)}
                </SiteLink>
              </li>
            ))}
            <li>
              <button type="button" onClick={openCookieSettings} className={`${link} text-left`}>
                {t("footer.cookieSettings")}
              </button>
            </li>
          </ul>
        </nav>
        <div>
          <h2 className="font-semibold text-white">{t("footer.company")}</h2>
          <address className="mt-3 space-y-1 not-italic leading-relaxed">
            <p>{company.legalName}</p>
            <p>{company.street}</p>
            <p>
              {company.postalCode} {company.city}, {t("footer.country")}
            </p>
            <p>
              <a href={`mailto:${company.email}`} className={link}>
                {company.email}
              </a>
            </p>
            <p>
              <a href={`tel:${company.phone.replaceAll(" ", "")}`} className={link}>
                {company.phone}
              </a>
            </p>
          </address>
          <ul className="mt-4 flex gap-3" aria-label={t("footer.social")}>
            {SOCIAL.map((network) => (
              <li key={network}>
                <a
                  href={SITE.social[network]}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="grid size-10 place-items-center rounded-full bg-slate-800 text-slate-200 hover:bg-slate-700 hover:text-white"
                >
                  <SocialIcon network={network} />
                  <span className="sr-only">
                    {t(`footer.socialNetworks.${network}`)} {t("newTab")}
                  </span>
                </a>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <p className="mx-auto max-w-6xl px-4 py-5 text-slate-400 sm:px-6">
          {t("footer.copyright", { year: SITE.copyrightYear, company: company.legalName })}
        </p>
      </div>
    </footer>
  );
}

const SOCIAL_PATHS: Record<(typeof SOCIAL)[number], string> = {
  linkedin:
    "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5zM3 9.75h4v11H3zm6.5 0h3.8v1.6h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1v5.35h-4v-4.75c0-1.13-.02-2.6-1.58-2.6-1.59 0-1.83 1.24-1.83 2.52v4.83h-4z",
  x: "M17.7 3h3.1l-6.8 7.7L22 21h-6.3l-4.9-6.4L5.2 21H2.1l7.3-8.3L1.8 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.3 4.7H5.5z",
  youtube:
    "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4A2.5 2.5 0 0 0 2.4 7.2 26 26 0 0 0 2 12a26 26 0 0 0 .4 4.8 2.5 2.5 0 0 0 1.8 1.8C5.8 19 12 19 12 19s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8A26 26 0 0 0 22 12a26 26 0 0 0-.4-4.8zM10 15V9l5.2 3z",
};

function SocialIcon({ network }: { network: (typeof SOCIAL)[number] }) {
  return (
    <svg viewBox="0 0 24 24" className="size-5" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={SOCIAL_PATHS[network]} />
    </svg>
  );
}
