import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Icon } from "../../ui";
import { Dialog } from "../../ui/dialog";
import { chevronLeft } from "../../ui/icons/account";
import { FormButton } from "../auth-shell/form-button";

/** Asks before leaving the wizard, since the entries would be lost. */
export function LeaveDialog({ open, onStay, onLeave }: { open: boolean; onStay: () => void; onLeave: () => void }) {
  const { t } = useTranslation("auth");
  return (
    <Dialog open={open} onClose={onStay} title={t("leave.title")}>
      <p className="mt-2 text-slate-600">{t("leave.text")}</p>
      <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <FormButton variant="secondary" className="sm:w-auto" onClick={onStay}>
          {t("leave.cancel")}
        </FormButton>
        <FormButton className="sm:w-auto" onClick={onLeave}>
          {t("leave.confirm")}
        </FormButton>
      </div>
    </Dialog>
  );
}

/** The wizard's back-to-home button: always asks before leaving. */
export function BackToHome({ onLeave }: { onLeave: () => void }) {
  const { t } = useTranslation("auth");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="quiet" size="compact" onClick={() => setOpen(true)}>
        <Icon icon={chevronLeft} className="size-4" />
        {t("backToHome")}
      </Button>
      <LeaveDialog open={open} onStay={() => setOpen(false)} onLeave={onLeave} />
    </>
  );
}
