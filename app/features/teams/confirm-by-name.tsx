import { type FormEvent, type ReactNode, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, TextField } from "../../ui";
import { Dialog } from "../../ui/dialog";

/**
 * A dialog that asks for the team's name before a step that cannot be undone (leaving, deleting);
 * the action button works only once the name is typed exactly.
 */
export function ConfirmByName(props: {
  title: string;
  teamName: string;
  action: string;
  busyAction: string;
  children?: ReactNode;
  onClose: () => void;
  onConfirm: () => Promise<string | null>;
}) {
  const { t } = useTranslation("teams");
  const [typed, setTyped] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (typed !== props.teamName) {
      setError(t("errors.confirmName"));
      return;
    }
    setBusy(true);
    const failure = await props.onConfirm();
    setBusy(false);
    setError(failure);
  }

  return (
    <Dialog look="form" onClose={props.onClose} title={props.title}>
      <form onSubmit={submit} noValidate className="mt-3 space-y-4">
        {props.children}
        <TextField
          look="compact"
          id={id}
          label={t("danger.typeName", { name: props.teamName })}
          value={typed}
          autoComplete="off"
          onChange={(e) => {
            setTyped(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          alertError
        />
        <div className="flex flex-wrap justify-end gap-3">
          <Button variant="secondary" size="lg" weight="medium" onClick={props.onClose}>
            {t("danger.cancel")}
          </Button>
          <Button type="submit" variant="danger" size="lg" disabled={busy}>
            {busy ? props.busyAction : props.action}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
