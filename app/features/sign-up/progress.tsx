import { useTranslation } from "react-i18next";
import { TOTAL_STEPS } from "./state";

const BARS = 5;

/** Five progress bars for the six steps; the last step fills them all. */
export function WizardProgress({ step }: { step: number }) {
  const { t } = useTranslation("auth");
  const label = t("progress", { step, total: TOTAL_STEPS });
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={1}
      aria-valuemax={TOTAL_STEPS}
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
