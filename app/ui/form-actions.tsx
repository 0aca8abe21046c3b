import { Button } from "./button";

/**
 * A form's closing row: its submit button (busy while the form is sent) and, where the step can
 * be left, a Cancel button. In a dialog (`align="end"`) the row sits on the right with Cancel first.
 */
export function FormActions({
  submit,
  busy = false,
  cancel,
  onCancel,
  align = "start",
}: {
  /** The submit button's label; without one the row holds only Cancel (a step that cannot be sent yet). */
  submit?: string;
  busy?: boolean;
  /** The cancel button's label; shown with `onCancel`. */
  cancel?: string;
  onCancel?: () => void;
  align?: "start" | "end";
}) {
  const cancelButton = cancel && onCancel && (
    <Button type="button" variant="secondary" size="md" onClick={onCancel}>
      {cancel}
    </Button>
  );
  return (
    <div className={`flex flex-wrap gap-2 ${align === "end" ? "justify-end" : ""}`}>
      {align === "end" && cancelButton}
      {submit && (
        <Button type="submit" variant="strong" size="md" disabled={busy} aria-busy={busy || undefined}>
          {submit}
        </Button>
      )}
      {align === "start" && cancelButton}
    </div>
  );
}
