import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui";
import { arrowUp } from "../../ui/icons/site";
import { scrollToTop } from "./scroll";

/** Shown once the page is scrolled more than this many pixels. */
export const BACK_TO_TOP_THRESHOLD = 120;

/** A floating button that scrolls smoothly back to the top in 0.3 s. */
export function BackToTop() {
  const { t } = useTranslation("site");
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const update = () => setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => window.removeEventListener("scroll", update);
  }, []);
  if (!visible) return null;
  return (
    <button
      type="button"
      onClick={() => {
        scrollToTop(300);
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
      className="fixed right-4 bottom-4 z-30 grid size-12 place-items-center rounded-full bg-blue-600 text-white shadow-lg ring-2 ring-white hover:bg-blue-700"
    >
      <Icon icon={arrowUp} />
      <span className="sr-only">{t("backToTop")}</span>
    </button>
  );
}
