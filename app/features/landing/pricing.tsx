import { useTranslation } from "react-i18next";
import { CATALOGUE, CATALOGUE_KEYS, type CatalogueKey, formatMonthlyPrice } from "../../../core/plans";
import { buttonClass, Icon } from "../../ui";
import { check } from "../../ui/icons/site";
import { CONTACT_COMPANY_FIELD_ID, prefillContactMessage } from "../contact/field-ids";
import { ANCHOR_SCROLL_DELAY_MS } from "../site-chrome/nav";
import { SiteLink } from "../site-chrome/site-link";
import { SectionHeading } from "./section-heading";

interface Plan {
  badge: string;
  description: string;
  /** Only where the catalogue has no price (agreed with sales). */
  price?: string;
  period: string;
  features: string[];
}

/**
 * Plans sold through sales (docs/decisions/150): the card scrolls to the contact form, names its plan
 * in the message and puts the cursor in the company field, without a second jump (the scroll is
 * already under way).
 */
function talkToSales(message: string) {
  prefillContactMessage(message);
  window.setTimeout(() => document.getElementById(CONTACT_COMPANY_FIELD_ID)?.focus({ preventScroll: true }), ANCHOR_SCROLL_DELAY_MS);
}

/** A card leads into the wizard with its account plan chosen, or to sales. */
const signUpPath = (key: CatalogueKey) => `/sign-up?plan=${CATALOGUE[key].accountPlan}`;

export function Pricing() {
  const { t, i18n } = useTranslation("landing");
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="scroll-mt-20 py-20">
      {/* Wider from 1280 px, like the header: "Vertrieb kontaktieren" then fits its button on one line. */}
      <div className="mx-auto max-w-6xl px-4 sm:px-6 xl:max-w-7xl">
        <SectionHeading id="pricing-title" title={t("pricing.title")} intro={t("pricing.intro")} />
        {/*
          Each card spans five rows of the list's grid (title, description, price, features, button)
          and shares them through a subgrid: prices, features and buttons line up across the cards
          whatever the length of the texts before them; the buttons of a row take the same height.
        */}
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {CATALOGUE_KEYS.map((key) => {
            const plan = t(`pricing.plans.${key}`, { returnObjects: true }) as Plan;
            const title = t(`common:plans.${key}`);
            const cents = CATALOGUE[key].monthlyCents;
            const sales = CATALOGUE[key].accountPlan === null;
            const highlighted = key === "pro";
            return (
              <li
                key={key}
                className={`relative row-span-5 grid grid-rows-subgrid gap-0 rounded-2xl bg-white p-6 lg:px-5 ${highlighted ? "shadow-xl ring-2 ring-blue-600" : "shadow-sm ring-1 ring-slate-200"}`}
              >
                <h3 className="text-lg font-semibold text-slate-900">{title}</h3>
                {plan.badge && (
                  <p className="absolute -top-3 right-6 rounded-full bg-blue-600 px-3 py-1 text-xs font-semibold text-white">
                    {plan.badge}
                  </p>
                )}
                <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
                {/* The period on a line of its own: "pro Nutzer / Monat" does not fit beside "19 €" at every width. */}
                <p className="mt-5">
                  <span className="block text-4xl font-bold tracking-tight text-slate-900">
                    {cents === null ? plan.price : formatMonthlyPrice(cents, i18n.language)}
                  </span>
                  <span className="mt-1 block text-sm text-slate-600">{plan.period}</span>
                </p>
                {/* "Auftragsverarbeitungsvertrag" is wider than a card at 1024 px: it hyphenates (a soft hyphen in the catalog where the browser has no dictionary). */}
                <ul className="mt-6 space-y-2 text-sm hyphens-auto wrap-anywhere text-slate-700">
                  {plan.features.map((f) => (
                    <li key={f} className="flex gap-2">
                      <Icon icon={check} className="size-5 shrink-0 text-blue-600" />
                      {f}
                    </li>
                  ))}
                </ul>
                <SiteLink
                  to={sales ? "#contact" : signUpPath(key)}
                  onNavigate={sales ? () => talkToSales(t("pricing.salesMessage", { plan: title })) : undefined}
                  className={buttonClass({ variant: highlighted ? "primary" : "secondary", size: "xl", pill: true }, "mt-8 text-center")}
                >
                  {sales ? t("pricing.contactSales") : t("pricing.signUp")}
                  <span className="sr-only">: {title}</span>
                </SiteLink>
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
