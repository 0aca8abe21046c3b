import { type ReactNode, useEffect, useId, useRef } from "react";
import { ancestorsOf, returnFocus } from "./focus-return";

/** Short questions and notices; forms; long panels. */
const LOOKS = {
  notice: {
    panel: "w-[calc(100%-2rem)] max-w-md rounded-xl text-slate-900 shadow-xl backdrop:bg-slate-900/50",
    title: "text-lg font-semibold",
  },
  form: {
    panel: "w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 shadow-xl backdrop:bg-slate-900/40",
    title: "text-xl font-semibold text-slate-900",
  },
  panel: {
    panel:
      "w-[min(40rem,calc(100%-2rem))] max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl text-slate-800 shadow-2xl backdrop:bg-slate-900/50",
    title: "text-xl font-semibold text-slate-900",
  },
} as const;

interface Props {
  /** Whether it is shown; a dialog rendered only while needed leaves it at true. */
  open?: boolean;
  /** Asked to close: Escape, or the browser closing it. */
  onClose: () => void;
  /** The heading that names the dialog. */
  title: ReactNode;
  look?: keyof typeof LOOKS;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element, named by its title: the rest of the page is
 * inert while it is open (focus stays inside), Escape asks `onClose`, and focus goes back to the
 * element that had it before, or, when that is gone, to the heading of its section (focus-return.ts).
 * The content renders only while it is open.
 */
export function Dialog({ open = true, onClose, title, look = "notice", children }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog || !open) return;
    const opener = document.activeElement;
    // Where the opener sat, for when it is gone by the time the dialog closes or soon after (its entry removed).
    const ancestors = opener ? ancestorsOf(opener) : [];
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      // Browsers return focus on close; this covers those that do not, a dialog removed while open, and a removed opener.
      returnFocus(opener, ancestors);
    };
  }, [open]);
  const styles = LOOKS[look];
  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      onCancel={(event) => {
        // The parent closes it, so its state and the element agree.
        event.preventDefault();
        onClose();
      }}
      onClose={() => open && onClose()}
      className={`m-auto bg-white p-6 ${styles.panel}`}
    >
      {open && (
        <>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {children}
        </>
      )}
    </dialog>
  );
}
