import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";
import { FormAlert } from "./form-alert";
import { TextField } from "./text-field";

/**
 * Asks before a step that changes or removes something: what will happen, Cancel, and the step's
 * own button (busy while it runs). A step that cannot be undone can ask for a word to be typed
 * first (a team's name, a user's address). A refusal stays in the dialog; success is the caller's
 * to show (it closes the dialog, or leaves the page).
 */
export function ConfirmDialog({
  title,
  children,
  confirm,
  busyConfirm,
  cancel,
  tone = "danger",
  typed,
  onClose,
  onConfirm,
}: {
  title: ReactNode;
  /** What will happen; a string is shown as a paragraph. */
  children?: ReactNode;
  /** The step's button. */
  confirm: string;
  /** The button while the step runs, where it says so. */
  busyConfirm?: string;
  cancel: string;
  /** Red for what cannot be undone, blue for a change that can be made again. */
  tone?: "danger" | "strong";
  /** The word to type: the field's label, whether the typed text matches, and the message when not. */
  typed?: { label: string; matches: (value: string) => boolean; mismatch: string };
  onClose: () => void;
  /** Does the step with what was typed; answers the message to show when it is refused (a string). */
  onConfirm: (typed: string) => unknown;
}) {
  const [value, setValue] = useState("");
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (typed && !typed.matches(value)) return setError(typed.mismatch);
    setBusy(true);
    setError("");
    const refusal = await onConfirm(value);
    setError(typeof refusal === "string" ? refusal : "");
    setBusy(false);
  }

  return (
    <Dialog look="form" onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate className="mt-3 space-y-4">
        {typeof children === "string" ? <p className="break-words text-sm text-slate-700">{children}</p> : children}
        {typed ? (
          <TextField
            look="compact"
            id={id}
            label={typed.label}
            value={value}
            autoComplete="off"
            spellCheck={false}
            onChange={(e) => {
              setValue(e.target.value);
              setError("");
            }}
            error={error || undefined}
            alertError
          />
        ) : (
          error && <FormAlert>{error}</FormAlert>
        )}
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" size="md" onClick={onClose}>
            {cancel}
          </Button>
          <Button type="submit" variant={tone} size="md" disabled={busy} aria-busy={busy || undefined}>
            {busy && busyConfirm ? busyConfirm : confirm}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
