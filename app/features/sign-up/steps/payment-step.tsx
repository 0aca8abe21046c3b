import { useState } from "react";
import { useTranslation } from "react-i18next";
import { formatMonthlyPrice, PRO_MONTHLY_CENTS } from "../../../../core/plans";
import { CheckoutError, startCheckout } from "../../../api/billing";
import { useLanguage } from "../../../i18n";
import { authClient } from "../../../identity/client";
import { Button, Icon } from "../../../ui";
import { checkSolid } from "../../../ui/icons/account";
import type { OfferState } from "../use-checkout-offer";

const BENEFITS = ["teams", "features", "support"] as const;

/**
 * Step 6 of the sign-up wizard: starts the 30-day pro trial for the new team, or, for an account that
 * had a subscription before, a paid one. It shows the server's offer, so it says what the checkout does.
 */
export function PaymentStep({
  teamName,
  offer,
  onBack,
  onCheckout,
}: {
  teamName: string;
  offer: OfferState;
  onBack: () => void;
  onCheckout?: () => void;
}) {
  const { t } = useTranslation("billing");
  const lang = useLanguage();
  const { data: session } = authClient.useSession();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const paid = offer === "paid";
  const ready = offer === "trial" || paid;
  // The texts of a paid checkout where they differ from the trial's.
  const text = (key: "title" | "subtitle" | "trialValue" | "start" | "starting" | "note") => t(paid ? `step.paid.${key}` : `step.${key}`);

  async function start() {
    if (!session || !ready) return;
    setBusy(true);
    setError(null);
    // Leaving for the provider's checkout completes the wizard.
    onCheckout?.();
    try {
      await startCheckout(
        { userId: session.user.id, trial: !paid, teamName: teamName.trim() || undefined, lang },
        { network: t("step.networkError") },
      );
    } catch (e) {
      setError(e instanceof CheckoutError ? e.message : t("step.failed"));
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="payment-step-title" className="space-y-6">
      <div>
        <h1 id="payment-step-title" className="text-2xl font-bold text-slate-900">
          {text("title")}
        </h1>
        <p className="mt-1 text-slate-600">{text("subtitle")}</p>
      </div>
      <dl className="grid grid-cols-[auto_1fr] gap-x-6 gap-y-2 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm">
        {teamName.trim() && (
          <>
            <dt className="text-slate-600">{t("step.team")}</dt>
            <dd className="font-semibold text-slate-900">{teamName.trim()}</dd>
          </>
        )}
        <dt className="text-slate-600">{t("step.plan")}</dt>
        <dd className="font-semibold text-slate-900">{t("common:plans.pro")}</dd>
        <dt className="text-slate-600">{t("step.trial")}</dt>
        <dd className="font-semibold text-slate-900">{text("trialValue")}</dd>
        <dt className="text-slate-600">{paid ? t("step.paid.price") : t("step.afterTrial")}</dt>
        <dd className="font-semibold text-slate-900">
          {t("step.afterTrialValue", { price: formatMonthlyPrice(PRO_MONTHLY_CENTS, lang) })}
        </dd>
      </dl>
      <div>
        <h2 className="text-sm font-semibold text-slate-900">{t("step.benefitsTitle")}</h2>
        <ul className="mt-2 space-y-2">
          {BENEFITS.map((key) => (
            <li key={key} className="flex items-start gap-2 text-slate-700">
              <Icon icon={checkSolid} className="mt-0.5 size-5 shrink-0 fill-blue-600" />
              {t(`step.benefits.${key}`)}
            </li>
          ))}
        </ul>
      </div>
      {offer === "failed" && !error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {t("step.offerFailed")}
        </p>
      )}
      {error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex flex-col gap-3 sm:flex-row-reverse">
        <Button variant="strong" size="2xl" onClick={start} disabled={busy || !session || !ready}>
          {busy ? text("starting") : text("start")}
        </Button>
        <Button variant="secondary" size="2xl" onClick={onBack}>
          {t("step.back")}
        </Button>
      </div>
      <p className="text-sm text-slate-600">{text("note")}</p>
    </section>
  );
}
