import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui";
import { chevronDown } from "../../ui/icons/site";
import { SectionHeading } from "./section-heading";

export const FAQ_KEYS = ["external_crm", "free_version", "data_security", "team_collaboration", "linkedin_integration"] as const;

/** A single-open accordion; choosing the open question again collapses it. */
export function Faq() {
  const { t } = useTranslation("landing");
  const [open, setOpen] = useState<string | null>(null);
  const base = useId();
  return (
    <section id="faq" aria-labelledby="faq-title" className="scroll-mt-20 py-20">
      <div className="mx-auto max-w-3xl px-4 sm:px-6">
        <SectionHeading id="faq-title" title={t("faq.title")} />
        <div className="mt-10 divide-y divide-slate-200 rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
          {FAQ_KEYS.map((key) => {
            const expanded = open === key;
            const panelId = `${base}-${key}`;
            return (
              <div key={key}>
                <h3>
                  <button
                    type="button"
                    id={`${panelId}-q`}
                    aria-expanded={expanded}
                    aria-controls={panelId}
                    onClick={() => setOpen(expanded ? null : key)}
                    className="flex w-full items-center justify-between gap-4 px-6 py-5 text-left font-semibold text-slate-900 hover:bg-slate-50"
                  >
                    {t(`faq.items.${key}.question`)}
                    <Icon
                      icon={chevronDown}
                      className={`size-5 shrink-0 text-slate-500 transition-transform motion-reduce:transition-none ${expanded ? "rotate-180" : ""}`}
                    />
                  </button>
                </h3>
                <section
                  id={panelId}
                  aria-labelledby={`${panelId}-q`}
                  hidden={!expanded}
                  className="px-6 pb-5 leading-relaxed text-slate-600"
                >
                  {t(`faq.items.${key}.answer`)}
                </section>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
