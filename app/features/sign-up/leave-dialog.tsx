import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { useLanguage } from "../../i18n";
import { Button, Icon } from "../../ui";
import { Dialog } from "../../ui/dialog";
import { chevronLeft } from "../../ui/icons/account";
import { FormButton } from "../auth-shell/form-button";

/** The wizard's back-to-home button: asks before leaving, since the entries would be lost. */
export function BackToHome() {
  const { t } = useTranslation("auth");
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const lang = useLanguage();
  return (
    <>
      <Button variant="quiet" size="compact" onClick={() => setOpen(true)}>
        <Icon icon={chevronLeft} className="size-4" />
        {t("backToHome")}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} title={t("leave.title")}>
        <p className="mt-2 text-slate-600">{t("leave.text")}</p>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <FormButton variant="secondary" className="sm:w-auto" onClick={() => setOpen(false)}>
            {t("leave.cancel")}
          </FormButton>
          <FormButton className="sm:w-auto" onClick={() => navigate(`/${lang}/`)}>
            {t("leave.confirm")}
          </FormButton>
        </div>
      </Dialog>
    </>
  );
}
