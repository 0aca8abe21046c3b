import type { ComponentType } from "react";
import { useLanguage } from "../../i18n";
import type { Session } from "../../identity/client";
import { PageMeta } from "../../site/page-meta";
import { ConsentManager } from "../consent/consent-manager";
import { RequireOperator } from "./operator-layout";

/** The catalogs every console page loads. */
export const OPERATOR_NAMESPACES = ["operator", "account", "dashboard", "consent", "api"];

/** A console page's route: its title and description, the operator check, and the cookie settings the footer opens. */
export function operatorRoute(Page: ComponentType<{ session: Session }>, pageKey: string) {
  return function OperatorRoute() {
    const lang = useLanguage();
    return (
      <>
        <PageMeta page={pageKey} lang={lang} />
        <RequireOperator>{(session) => <Page session={session} />}</RequireOperator>
        <ConsentManager banner={false} />
      </>
    );
  };
}
