import { useTranslation } from "react-i18next";
import { SITE } from "../../site/config";
import { Copyright, ExternalLink, Icon, Logo } from "../../ui";
import { SOCIAL_ICONS } from "../../ui/icons/site";
import { openCookieSettings } from "../consent/consent-store";
import { LEGAL_ITEMS, NAV_ITEMS } from "./nav";
import { SiteLink } from "./site-link";

const link = "rounded text-slate-300 hover:text-white aria-[current=page]:text-white aria-[current=page]:underline";
const SOCIAL = ["linkedin", "x", "youtube"] as const;

/** The public footer: legal links, section anchors, cookie settings, status, social, company. */
export function SiteFooter() {
  const { t } = useTranslation("site");
  const { company } = SITE;
  return (
    <footer className="bg-slate-900 text-sm text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-4">
        <div>
          <p className="text-base text-white">
            <Logo />
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
              <ExternalLink href={SITE.statusUrl} className={link} newTab={t("newTab")}>
                {t("footer.status")}
              </ExternalLink>
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
                <ExternalLink
                  href={SITE.social[network]}
                  className="grid size-10 place-items-center rounded-full bg-slate-800 text-slate-200 hover:bg-slate-700 hover:text-white"
                >
                  <Icon icon={SOCIAL_ICONS[network]} className="size-5" />
                  <span className="sr-only">
                    {t(`footer.socialNetworks.${network}`)} {t("newTab")}
                  </span>
                </ExternalLink>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        {/* On a phone the room below the last line keeps the back-to-top button off the text. */}
        <Copyright className="mx-auto max-w-6xl px-4 pt-5 pb-20 text-slate-400 sm:px-6 sm:pb-5" />
      </div>
    </footer>
  );
}
