import { type ReactNode, useId } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "./button";
import { useCopy } from "./use-copy";

/**
 * A read-only value (an address, a key, a secret) with a button that copies it. The button is named
 * after the field ("Copy: Client ID") unless the screen names it itself; it says "Copied" once it has.
 */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel?: string }) {
  const { t } = useTranslation("common");
  const id = useId();
  const [copied, copy] = useCopy();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1 flex flex-wrap gap-2">
        <input
          id={id}
          readOnly
          value={value}
          onFocus={(e) => e.currentTarget.select()}
          className="min-w-0 flex-1 rounded-lg border border-slate-300 bg-white px-3 py-2 font-mono text-sm"
        />
        <Button
          variant="secondary"
          size="sm"
          className="bg-white"
          aria-label={copyLabel ?? `${t("copyField.copy")}: ${label}`}
          onClick={() => copy(value)}
        >
          {copied ? t("copyField.copied") : t("copyField.copy")}
        </Button>
      </div>
    </div>
  );
}

/**
 * Something just made whose secret is shown this once (an API key, an app's secret, a provisioning
 * token): what was made, why to copy it now, its fields (CopyField), and the button that closes it
 * for good. Announced when it appears.
 */
export function ShownOnce({
  title,
  note,
  done,
  onDone,
  children,
}: {
  title: string;
  note: string;
  done: string;
  onDone: () => void;
  children: ReactNode;
}) {
  return (
    <div role="status" className="space-y-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4">
      <p className="font-semibold wrap-anywhere text-emerald-900">{title}</p>
      <p className="text-sm text-emerald-900">{note}</p>
      {children}
      <Button variant="secondary" size="sm" className="bg-white" onClick={onDone}>
        {done}
      </Button>
    </div>
  );
}
