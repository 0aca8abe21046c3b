import type { ReactNode } from "react";
import { type Area, AreaLayout, type AreaPageProps } from "./area-layout";

/** The account pages' area: its navigation's labels are in the account namespace. */
const ACCOUNT_AREA: Area = {
  namespace: "account",
  sections: [
    { to: "/account", key: "nav.profile" },
    { to: "/account/security", key: "nav.security" },
    { to: "/account/api-keys", key: "nav.apiKeys" },
  ],
};

/** The frame of the account pages: the area layout with the account's navigation. */
export function AccountLayout(props: AreaPageProps) {
  return <AreaLayout area={ACCOUNT_AREA} {...props} />;
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
