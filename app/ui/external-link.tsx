import type { ComponentProps } from "react";
import { EXTENSION_STORE_PATH } from "../../core/oauth";

type Props = Omit<ComponentProps<"a">, "target" | "rel"> & {
  href: string;
  /** Told to screen readers after the link text, e.g. "(opens in a new tab)"; omit when the children say it. */
  newTab?: string;
};

/** A link to another site, opened in a new tab without giving that site access to this page. */
export function ExternalLink({ newTab, children, ...props }: Props) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      {newTab && <span className="sr-only"> {newTab}</span>}
    </a>
  );
}

/** The browser extension's page in the web store (the server redirects to the configured store page). */
export function StoreLink(props: Omit<Props, "href">) {
  return <ExternalLink href={EXTENSION_STORE_PATH} {...props} />;
}
