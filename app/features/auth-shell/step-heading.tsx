import { useEffect, useRef } from "react";
import { unbrokenHyphenatedWords } from "../../ui";

/** A step's heading; it takes focus when the step appears so keyboard and screen reader users follow along. */
export function StepHeading({ title, subtitle, autoFocus = true }: { title: string; subtitle?: string; autoFocus?: boolean }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (autoFocus) ref.current?.focus();
  }, [autoFocus]);
  return (
    <div className="mb-6">
      <h1 ref={ref} tabIndex={-1} className="text-2xl font-bold text-slate-900 focus:outline-none">
        {unbrokenHyphenatedWords(title)}
      </h1>
      {subtitle && <p className="mt-1 text-slate-600">{subtitle}</p>}
    </div>
  );
}
