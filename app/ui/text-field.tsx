import type { ComponentProps, ReactNode } from "react";

/** Sign-in and sign-up forms, the contact form of the public site, and the compact dialog field. */
const LOOKS = {
  form: {
    label: "mb-1.5 block text-sm font-medium text-slate-800",
    input:
      "block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600",
    valid: "border-slate-300",
    invalid: "border-red-600",
    error: "mt-1 text-sm font-medium text-red-700",
  },
  site: {
    label: "block text-sm font-medium text-slate-800",
    input:
      "mt-1 block w-full rounded-lg border bg-white px-3 py-2.5 text-base text-slate-900 placeholder:text-slate-500 focus:outline-none focus-visible:ring-2",
    valid: "border-slate-300 focus-visible:ring-blue-600",
    invalid: "border-red-600 focus-visible:ring-red-500",
    error: "mt-1.5 text-sm text-red-700",
  },
  compact: {
    label: "block text-sm font-medium text-slate-800",
    input: "mt-1 w-full rounded-lg border px-3 py-2",
    valid: "border-slate-300",
    invalid: "border-red-600",
    error: "mt-1 text-sm text-red-800",
  },
} as const;

type Props = Omit<ComponentProps<"input">, "id"> & {
  id: string;
  label: ReactNode;
  hint?: string;
  error?: string;
  look?: keyof typeof LOOKS;
  /** Content placed inside the input's frame on the right (e.g. a show/hide toggle). */
  trailing?: ReactNode;
  /** Content between the input and its hint, not part of its description (e.g. a preview). */
  note?: ReactNode;
  /** Announce the error as soon as it appears. */
  alertError?: boolean;
  /** A textarea of this many rows instead of a one-line input (for free text). */
  multiline?: number;
};

/**
 * A labelled text input, or textarea with `multiline`. Its hint and error are announced through aria-describedby
 * (`{id}-hint`, `{id}-error`), and an error marks it aria-invalid.
 */
export function TextField({ id, label, hint, error, look = "form", trailing, note, alertError, multiline, className, ...input }: Props) {
  const styles = LOOKS[look];
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const control = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: `${styles.input} ${error ? styles.invalid : styles.valid} ${trailing ? "pr-12" : ""}`,
  };
  return (
    <div className={className}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className="relative">
        {multiline ? (
          // The input's props fit a textarea, apart from input-only ones (type) that callers leave out.
          <textarea {...control} rows={multiline} {...(input as ComponentProps<"textarea">)} />
        ) : (
          <input {...control} {...input} />
        )}
        {trailing}
      </div>
      {note}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role={alertError ? "alert" : undefined} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}
