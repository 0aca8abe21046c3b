import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { NAME_MAX } from "../../../../core/names";
import { TextField } from "../../../ui";
import { FormButton } from "../../auth-shell/form-button";
import { StepHeading } from "../../auth-shell/step-heading";

/** Step 3: the full name, split later into first and last name. */
export function NameStep({
  fullName,
  onChange,
  onNext,
  onBack,
}: {
  fullName: string;
  onChange: (v: string) => void;
  onNext: () => void;
  onBack: () => void;
}) {
  const { t } = useTranslation("auth");
  const [error, setError] = useState<string>();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!fullName.trim()) {
      setError(t("signUp.name.required"));
      return;
    }
    onNext();
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <StepHeading title={t("signUp.name.title")} />
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
