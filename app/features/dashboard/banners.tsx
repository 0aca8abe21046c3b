import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SubscriptionView } from "../../../core/api";
import { formatMonthlyPrice, PRO_MONTHLY_CENTS, TRIAL_SHORT_TEXT_DAYS } from "../../../core/plans";
import { CheckoutError, openBillingPortal, startCheckout } from "../../api/billing";
import { useLanguage } from "../../i18n";
import type { Session } from "../../identity/client";
import { Button } from "../../ui";

function Banner(props: {
  tone: "green" | "blue" | "amber" | "red";
  title: string;
  text: string;
  action?: ReactNode;
  error?: string | null;
  /** Announced when it appears: the confirmation of something the user just did. */
  announce?: boolean;
}) {
  const tones = {
    green: "border-emerald-300 bg-emerald-50",
    blue: "border-blue-200 bg-blue-50",
    amber: "border-amber-300 bg-amber-50",
    red: "border-red-300 bg-red-50",
  };
  return (
    <section
      aria-label={props.title}
      className={`rounded-xl border p-4 sm:flex sm:items-center sm:justify-between sm:gap-6 ${tones[props.tone]}`}
    >
      <div role={props.announce ? "status" : undefined}>
        <h2 className="font-semibold text-slate-900">{props.title}</h2>
        <p className="mt-1 text-sm text-slate-700">{props.text}</p>
        {props.error && (
          <p role="alert" className="mt-2 text-sm font-medium text-red-800">
            {props.error}
          </p>
        )}
      </div>
      {props.action && <div className="mt-3 shrink-0 sm:mt-0">{props.action}</div>}
    </section>
  );
}

/**
 * The dashboard's banners: Switch to Pro, the running trial (announced as started right after the
 * checkout), trial ending, incomplete payment. The trial-ending banner opens the billing portal: the
 * trial turns into the paid subscription by itself, and a second checkout is refused (docs/decisions/145).
 */
export function Banners({ view, user, trialJustStarted }: { view: SubscriptionView; user: Session["user"]; trialJustStarted: boolean }) {
  const { t } = useTranslation(["dashboard", "billing"]);
  const lang = useLanguage();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function checkout() {
    setBusy(true);
    setError(null);
    try {
      await startCheckout({ userId: user.id, trial: view.checkoutOffer === "trial", lang }, { network: t("billing:step.networkError") });
    } catch (e) {
      setError(e instanceof CheckoutError ? e.message : t("billing:step.failed"));
      setBusy(false);
    }
  }

  const days = view.daysLeftInTrial ?? 0;
  // "Pending payment" is for who chose Pro and has not paid; a Free account is offered the upgrade.
  // Either way the price after the trial is stated before the checkout (docs/decisions/150).
  const price = formatMonthlyPrice(PRO_MONTHLY_CENTS, lang);
  const offerText = `${view.planType === "pro" ? t("banners.switchToPro.textPending") : t("banners.switchToPro.text")} ${
    view.checkoutOffer === "paid" ? t("common:planPrice.perMonth", { price }) : t("common:planPrice.afterTrial", { price })
  }`;
  const dateFormat = new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", { dateStyle: "long" });
  return (
    <div className="space-y-3">
      {!view.isPro && view.status !== "incomplete" && view.checkoutOffer && (
        <Banner
          tone="blue"
          title={t("banners.switchToPro.title")}
          text={offerText}
          error={error}
          action={
            <Button variant="strong" size="md" disabled={busy} onClick={checkout}>
              {view.checkoutOffer === "paid" ? t("banners.switchToPro.buttonPaid") : t("banners.switchToPro.button")}
            </Button>
          }
        />
      )}
      {view.isTrialing && !view.trialEnding && view.trialEndDate && (
        <Banner
          tone="green"
          announce={trialJustStarted}
          title={trialJustStarted ? t("banners.trial.started") : t("banners.trial.running")}
          text={t("banners.trial.daysLeft", { count: days, date: dateFormat.format(new Date(view.trialEndDate)) })}
        />
      )}
      {view.trialEnding && (
        <Banner
          tone="amber"
          title={t("banners.trialEnding.title")}
          text={
            days <= TRIAL_SHORT_TEXT_DAYS ? t("banners.trialEnding.short", { count: days }) : t("banners.trialEnding.long", { count: days })
          }
          action={
            <Button variant="strong" size="md" onClick={() => openBillingPortal(lang)}>
              {t("banners.trialEnding.button")}
            </Button>
          }
        />
      )}
      {view.status === "incomplete" && (
        <Banner
          tone="red"
          title={t("banners.incomplete.title")}
          text={t("banners.incomplete.text")}
          action={
            <Button variant="strong" size="md" onClick={() => openBillingPortal(lang)}>
              {t("banners.incomplete.button")}
            </Button>
          }
        />
      )}
      {view.cancelAt && (
        <p className="rounded-xl border border-slate-200 bg-white p-4 text-sm text-slate-700">
          {t("banners.canceled", { date: dateFormat.format(new Date(view.cancelAt)) })}
        </p>
      )}
    </div>
  );
}
