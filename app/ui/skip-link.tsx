import { useTranslation } from "react-i18next";

/**
 * "Skip to content": the page's first Tab stop, shown when focused; it moves the focus to the page's
 * `<main id="main">` without putting a hash in the address (a hash names a landing section).
 */
export function SkipLink() {
  const { t } = useTranslation("common");
  return (
    // biome-ignore lint/a11y/useValidAnchor: a skip link is an anchor by convention; it must not put a hash in the URL
    <a
      href="#main"
      onClick={(event) => {
        const main = document.getElementById("main");
        if (!main) return;
        event.preventDefault();
        if (!main.hasAttribute("tabindex")) main.tabIndex = -1;
        main.focus();
      }}
      className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2 focus:text-slate-900 focus:shadow"
    >
      {t("skipToContent")}
    </a>
  );
}
