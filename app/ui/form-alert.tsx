import type { ReactNode } from "react";

const TONES = {
  error: "border-red-200 bg-red-50 text-red-800",
  info: "border-blue-200 bg-blue-50 text-blue-900",
} as const;

/** A message about the whole form, announced when it appears. */
export function FormAlert({ children, tone = "error" }: { children: ReactNode; tone?: "error" | "info" }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-lg border px-3 py-2 text-sm ${TONES[tone]}`}>
      {children}
    </div>
  );
}

/**
 * The outcome of a form or section: an error, announced at once, and a notice of what was done.
 * The notice's status region stays in the page while empty, so a screen reader hears every notice
 * that appears in it, not only the first.
 */
export function FormMessages({ error, notice, className }: { error?: ReactNode; notice?: ReactNode; className?: string }) {
  return (
    <div className={className ? `space-y-2 ${className}` : "space-y-2"}>
      {error ? (
        <div role="alert" className={`rounded-lg border px-3 py-2 text-sm ${TONES.error}`}>
          {error}
        </div>
      ) : null}
      <div role="status">{notice ? <div className={`rounded-lg border px-3 py-2 text-sm ${TONES.info}`}>{notice}</div> : null}</div>
    </div>
  );
}
