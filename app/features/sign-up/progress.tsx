import { useTranslation } from "react-i18next";
import type { PlanType } from "../../../core/plans";
import { TOTAL_STEPS } from "./state";

const BARS = 5;

/**
 * Five progress bars; the count is that of the path the visitor is on: six steps for Pro (the last
 * is payment, and fills every bar), five for Free, which has no payment.
 */
export function WizardProgress({ step, planType }: { step: number; planType: PlanType }) {
  const { t } = useTranslation("auth");
  const total = planType === "pro" ? TOTAL_STEPS : TOTAL_STEPS - 1;
  const label = t("progress", { step, total });
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={total}
      aria-valuenow={step}
      aria-valuetext={label}
      className="mb-6"
    >
      <div className="flex gap-1.5">
        {Array.from({ length: BARS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: fixed bars
          <span key={i} className={`h-1.5 flex-1 rounded-full ${i < step ? "bg-blue-600" : "bg-slate-200"}`} />
        ))}
      </div>
      <p className="mt-2 text-xs font-medium text-slate-500">{label}</p>
    </div>
  );
}
