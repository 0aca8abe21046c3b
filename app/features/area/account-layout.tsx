import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Session } from "../../identity/client";
import { AreaLayout } from "./area-layout";

/** The account pages, in the order of their navigation. */
const SECTIONS = [
  { to: "/account", key: "nav.profile" },
  { to: "/account/security", key: "nav.security" },
] as const;

/** The frame of the account pages: the area layout with the account's navigation. */
export function AccountLayout({
  session,
  title,
  intro,
  children,
}: {
  session: Session;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("account");
  return (
    <AreaLayout
      session={session}
      backLabel={t("backToDashboard")}
      navLabel={t("nav.label")}
      sections={SECTIONS.map((s) => ({ to: s.to, label: t(s.key) }))}
      title={title}
      intro={intro}
    >
      {children}
    </AreaLayout>
  );
}

/** A titled card on an account page; each feature of a page is one. */
export function AccountSection({ id, title, intro, children }: { id: string; title: string; intro?: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      {intro && <p className="mt-1 text-sm text-slate-600">{intro}</p>}
      <div className="mt-4">{children}</div>
    </section>
  );
}
