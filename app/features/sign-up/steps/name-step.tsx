import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { NAME_MAX } from "../../../../core/names";
import { TextField } from "../../../ui";
import { FormButton } from "../../auth-shell/form-button";
import { StepHeading } from "../../auth-shell/step-heading";
import { useFocusFirst } from "../../auth-shell/use-focus-first";

/** Step 3: the full name, split later into first and last name. */
export function NameStep({
  fullName,
  onChange,
  onNext,
  onBack,
  autoFocus,
}: {
  fullName: string;
  onChange: (v: string) => void;
  onNext: () => void;
  onBack: () => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("auth");
  const [error, setError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirst(formRef, "#full-name", autoFocus);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!fullName.trim()) {
      setError(t("signUp.name.required"));
      return;
    }
    onNext();
  };
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <StepHeading title={t("signUp.name.title")} autoFocus={false} />
      <TextField
        id="full-name"
        label={t("signUp.name.label")}
        value={fullName}
        autoComplete="name"
        maxLength={NAME_MAX}
        required
        error={error}
        onChange={(e) => {
          setError(undefined);
          onChange(e.target.value);
        }}
      />
      <div className="flex flex-col-reverse gap-3 sm:flex-row">
        <FormButton variant="secondary" onClick={onBack}>
          {t("back")}
        </FormButton>
        <FormButton type="submit">{t("next")}</FormButton>
      </div>
    </form>
  );
}
