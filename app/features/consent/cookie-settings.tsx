import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "../../ui";
import { Dialog } from "../../ui/dialog";
import { ALL_ACCEPTED, type CookieConsent, NONE_ACCEPTED, OPTIONAL_CATEGORIES } from "./consent-store";

interface Props {
  initial: CookieConsent | null;
  onSave: (consent: CookieConsent) => void;
  onClose: () => void;
}

const PURPOSES = { necessary: 2, functional: 2, analytics: 2, marketing: 4 } as const;

/** The settings panel: one switch per category (necessary locked on), cancel, accept all, save. */
export default function CookieSettings({ initial, onSave, onClose }: Props) {
  const { t } = useTranslation("consent");
  const [choice, setChoice] = useState<CookieConsent>(initial ?? NONE_ACCEPTED);
  const baseId = useId();

  return (
    <Dialog look="panel" onClose={onClose} title={t("settings.title")}>
      <p className="mt-2 text-sm text-slate-600">{t("settings.intro")}</p>
      <ul className="mt-5 space-y-3">
        {(["necessary", ...OPTIONAL_CATEGORIES] as const).map((category) => {
          const id = `${baseId}-${category}`;
          const locked = category === "necessary";
          return (
            <li key={category} className="rounded-xl border border-slate-200 p-4">
              <div className="flex items-center justify-between gap-4">
                <label htmlFor={id} className="font-medium text-slate-900">
                  {t(`categories.${category}.title`)}
                </label>
                <input
                  id={id}
                  type="checkbox"
                  role="switch"
                  aria-checked={locked ? true : choice[category]}
                  checked={locked ? true : choice[category]}
                  disabled={locked}
                  aria-describedby={`${id}-text`}
                  onChange={(e) => !locked && setChoice((c) => ({ ...c, [category]: e.target.checked }))}
                  className="peer relative h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-300 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-blue-600 checked:before:translate-x-5 disabled:cursor-not-allowed disabled:opacity-70 motion-reduce:transition-none motion-reduce:before:transition-none"
                />
              </div>
              <div id={`${id}-text`} className="mt-1 text-sm text-slate-600">
                <p>{t(`categories.${category}.text`)}</p>
                <ul className="mt-1 list-disc pl-5">
                  {Array.from({ length: PURPOSES[category] }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list of catalog entries
                    <li key={i}>{t(`categories.${category}.purposes.${i}`)}</li>
                  ))}
                </ul>
                {locked && <p className="mt-1 font-medium text-slate-700">{t("alwaysOn")}</p>}
              </div>
            </li>
          );
        })}
      </ul>
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="quiet" size="md" pill onClick={onClose}>
          {t("settings.cancel")}
        </Button>
        <Button variant="secondary" size="md" pill weight="medium" onClick={() => onSave(ALL_ACCEPTED)}>
          {t("acceptAll")}
        </Button>
        <Button size="md" pill onClick={() => onSave({ ...choice, necessary: true })}>
          {t("settings.save")}
        </Button>
      </div>
    </Dialog>
  );
}
