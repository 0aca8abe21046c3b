import { type ClipboardEvent, type KeyboardEvent, useRef } from "react";
import { useTranslation } from "react-i18next";

export const CODE_LENGTH = 6;

/**
 * Six single-digit boxes: typing moves to the next box, Backspace on an empty box goes back,
 * and pasting a whole code fills every box. The first box offers the browser's one-time-code fill.
 */
export function CodeInput({
  value,
  onChange,
  invalid,
  describedBy,
  disabled,
}: {
  value: string;
  onChange: (code: string) => void;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation("auth");
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  // Empty boxes are kept as spaces so clearing a middle box does not shift the later digits.
  const digits = Array.from({ length: CODE_LENGTH }, (_, i) => (value[i] ?? " ").replace(" ", ""));
  const emit = (next: string[]) =>
    onChange(
      next
        .map((d) => d || " ")
        .join("")
        .trimEnd(),
    );

  const focus = (index: number) => boxes.current[Math.max(0, Math.min(CODE_LENGTH - 1, index))]?.focus();

  const setFrom = (index: number, typed: string) => {
    const clean = typed.replace(/\D/g, "");
    if (!clean) return;
    const next = [...digits];
    for (let i = 0; i < clean.length && index + i < CODE_LENGTH; i++) next[index + i] = clean[i] as string;
    emit(next);
    focus(index + clean.length);
  };

  const onKeyDown = (index: number, e: KeyboardEvent<HTMLInputElement>) => {
    // Digits are handled here: retyping the digit a box already holds changes no value, so the
    // change event alone would not move on to the next box.
    if (/^\d$/.test(e.key) && !e.ctrlKey && !e.metaKey && !e.altKey) {
      e.preventDefault();
      setFrom(index, e.key);
    } else if (e.key === "Backspace") {
      e.preventDefault();
      const next = [...digits];
      if (next[index]) {
        next[index] = "";
      } else if (index > 0) {
        next[index - 1] = "";
        focus(index - 1);
      }
      emit(next);
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      focus(index - 1);
    } else if (e.key === "ArrowRight") {
      e.preventDefault();
      focus(index + 1);
    }
  };

  const onPaste = (index: number, e: ClipboardEvent<HTMLInputElement>) => {
    e.preventDefault();
    setFrom(index, e.clipboardData.getData("text"));
  };

  return (
    <fieldset className="min-w-0" aria-describedby={describedBy}>
      <legend className="mb-2 text-sm font-medium text-slate-800">{t("signUp.verification.groupLabel")}</legend>
      <div className="flex justify-between gap-2">
        {digits.map((digit, i) => (
          <input
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are fixed positions
            key={i}
            ref={(el) => {
              boxes.current[i] = el;
            }}
            value={digit}
            onChange={(e) => {
              // A whole code comes from autofill; otherwise the box keeps the digit typed last.
              const typed = e.target.value;
              setFrom(i, typed.length >= CODE_LENGTH ? typed : typed.slice(-1));
            }}
            onKeyDown={(e) => onKeyDown(i, e)}
            onPaste={(e) => onPaste(i, e)}
            onFocus={(e) => e.target.select()}
            inputMode="numeric"
            pattern="[0-9]*"
            autoComplete={i === 0 ? "one-time-code" : "off"}
            maxLength={i === 0 ? CODE_LENGTH : 1}
            aria-label={t("signUp.verification.digitLabel", { n: i + 1 })}
            aria-invalid={invalid || undefined}
            disabled={disabled}
            className={`h-14 w-full min-w-0 max-w-14 rounded-lg border text-center text-2xl font-semibold text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 ${invalid ? "border-red-600" : "border-slate-300"}`}
          />
        ))}
      </div>
    </fieldset>
  );
}
