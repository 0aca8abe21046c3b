import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon } from "../../ui";
import { arrowUp } from "../../ui/icons/site";
import { scrollToTop } from "./scroll";

/** Shown once the page is scrolled more than this many pixels. */
export const BACK_TO_TOP_THRESHOLD = 120;

const CONTROLS = "a, button, input, select, textarea, summary, [role=button]";

/** Whether a control of the page lies under the floating button's square (it steps aside then). */
function coversControl(self: HTMLElement): boolean {
  const { left, top, right, bottom } = self.getBoundingClientRect();
  const points = [
    [left + 2, top + 2],
    [right - 2, top + 2],
    [left + 2, bottom - 2],
    [right - 2, bottom - 2],
    [(left + right) / 2, (top + bottom) / 2],
  ];
  return points.some(([x, y]) =>
    document.elementsFromPoint(x as number, y as number).some((el) => !self.contains(el) && el.closest(CONTROLS)),
  );
}

/**
 * A floating button that scrolls smoothly back to the top in 0.3 s. It steps aside (hidden, not
 * clickable) while a button or link of the page lies beneath it, such as a pricing card's, unless it
 * has the keyboard focus.
 */
export function BackToTop() {
  const { t } = useTranslation("site");
  const [visible, setVisible] = useState(false);
  const [aside, setAside] = useState(false);
  const self = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      setVisible(window.scrollY > BACK_TO_TOP_THRESHOLD);
      frame = requestAnimationFrame(() => setAside(self.current ? coversControl(self.current) : false));
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);
  // The first frame it shows in is checked too.
  useEffect(() => {
    if (visible && self.current) setAside(coversControl(self.current));
  }, [visible]);
  if (!visible) return null;
  return (
    <button
      ref={self}
      type="button"
      data-aside={aside || undefined}
      onClick={() => {
        scrollToTop(300);
        document.getElementById("main")?.focus({ preventScroll: true });
      }}
      className="fixed right-4 bottom-4 z-30 grid size-12 place-items-center rounded-full bg-blue-600 text-white shadow-lg ring-2 ring-white transition-opacity hover:bg-blue-700 data-aside:pointer-events-none data-aside:opacity-0 focus-visible:pointer-events-auto focus-visible:opacity-100 motion-reduce:transition-none"
    >
      <Icon icon={arrowUp} />
      <span className="sr-only">{t("backToTop")}</span>
    </button>
  );
}
