import { type ReactNode, useState } from "react";
import { Button } from "./button";
import { ConfirmDialog } from "./confirm-dialog";

/**
 * A list entry's Remove button that asks first: it opens a confirmation naming what goes, and
 * removes only on its button. The confirmation closes before `onRemove` runs, as the removal may
 * ask for the account's proof in a dialog of its own.
 */
export function RemoveButton({
  label,
  name,
  title,
  children,
  confirm,
  cancel,
  disabled,
  onOpen,
  onRemove,
}: {
  /** The button's text. */
  label: string;
  /** The button's accessible name, naming the entry. */
  name: string;
  /** The confirmation's heading and what it says will happen. */
  title: string;
  children: ReactNode;
  /** The confirmation's buttons. */
  confirm: string;
  cancel: string;
  disabled?: boolean;
  /** Called as the confirmation opens (a section leaves any other step it was in). */
  onOpen?: () => void;
  onRemove: () => unknown;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        size="sm"
        aria-label={name}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
        disabled={disabled}
      >
        {label}
      </Button>
      {open && (
        <ConfirmDialog
          title={title}
          tone="strong"
          confirm={confirm}
          cancel={cancel}
          onClose={() => setOpen(false)}
          onConfirm={() => {
            setOpen(false);
            void onRemove();
          }}
        >
          {children}
        </ConfirmDialog>
      )}
    </>
  );
}
