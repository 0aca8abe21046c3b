import type { ReactNode } from "react";

export interface CheckOption<T extends string> {
  value: T;
  label: ReactNode;
  /** Shown in code type after the label (e.g. a scope's own name). */
  code?: string;
  description?: ReactNode;
}

/**
 * A group of checkboxes under one legend, each with its words and what it means (the scopes a new
 * API key or app may use). The label wraps its checkbox, so the whole text names it.
 */
export function CheckGroup<T extends string>({
  legend,
  options,
  checked,
  onChange,
  columns = 1,
}: {
  legend: string;
  options: readonly CheckOption<T>[];
  checked: readonly T[];
  onChange: (value: T, on: boolean) => void;
  columns?: 1 | 2;
}) {
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className={columns === 2 ? "mt-2 grid gap-2 sm:grid-cols-2" : "mt-2 space-y-2"}>
        {options.map((option) => (
          <label key={option.value} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-1 size-4"
              checked={checked.includes(option.value)}
              onChange={(e) => onChange(option.value, e.target.checked)}
            />
            <span>
              <span className="font-medium text-slate-900">{option.label}</span>
              {option.code && (
                <>
                  {" "}
                  <span className="font-mono text-xs text-slate-600">{option.code}</span>
                </>
              )}
              {option.description && <span className="block text-slate-600">{option.description}</span>}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
