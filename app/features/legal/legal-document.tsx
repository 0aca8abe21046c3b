import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { scrollToTop } from "../site-chrome/scroll";

export interface LegalSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
  after?: string[];
}

/** Numbered sections of a legal text; `dialog` renders it one heading level lower, for a dialog. */
export function LegalSections({ sections, dialog = false }: { sections: LegalSection[]; dialog?: boolean }) {
  const Heading = dialog ? "h3" : "h2";
  return (
    <>
      {sections.map((s) => (
        <section key={s.title} className="mt-10">
          <Heading className="text-xl font-semibold text-slate-900">{s.title}</Heading>
          {s.paragraphs?.map((p) => (
            <p key={p} className="mt-3 leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
          {s.items && (
            <ul className="mt-3 list-disc space-y-2 pl-6 leading-relaxed text-slate-700">
              {s.items.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          )}
          {s.after?.map((p) => (
            <p key={p} className="mt-3 leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
        </section>
      ))}
    </>
  );
}

/** The privacy policy body, also usable as the content of a dialog. */
export function PrivacyPolicyContent({ dialog = false }: { dialog?: boolean }) {
  const { t } = useTranslation("legal");
  return (
    <>
      <p className="mt-4 text-lg leading-relaxed text-slate-600">{t("privacy.intro")}</p>
      <LegalSections sections={t("privacy.sections", { returnObjects: true }) as LegalSection[]} dialog={dialog} />
    </>
  );
}

/** The frame of a legal page: title, body and the "last updated" footer with a back-to-top link. */
export function LegalPage({ title, children, lang, note }: { title: string; children: ReactNode; lang?: string; note?: string }) {
  const { t, i18n } = useTranslation("legal");
  return (
    <article lang={lang} className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      {note && (
        <p lang={i18n.language} className="mb-6 rounded-lg bg-slate-100 px-4 py-3 text-slate-700">
          {note}
        </p>
      )}
      <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
      {children}
      <footer
        lang={i18n.language}
        className="mt-16 flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-6 text-sm text-slate-600"
      >
        <p>{t("lastUpdated")}</p>
        <button type="button" onClick={() => scrollToTop(300)} className="font-medium text-blue-700 underline">
          {t("backToTop")}
        </button>
      </footer>
    </article>
  );
}
