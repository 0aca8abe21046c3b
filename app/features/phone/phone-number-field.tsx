import { useTranslation } from "react-i18next";
import { TextField } from "../../ui";

/** A phone number in international format, as signing in with it and adding it to an account ask for it. */
export function PhoneNumberField({
  id,
  value,
  error,
  onChange,
  autoFocus,
}: {
  id: string;
  value: string;
  error?: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation("phone");
  return (
    <TextField
      id={id}
      type="tel"
      label={t("phone:section.numberLabel")}
      hint={t("phone:section.numberHint")}
      autoComplete="tel"
      inputMode="tel"
      maxLength={32}
      value={value}
      error={error}
      onChange={(e) => onChange(e.target.value)}
      autoFocus={autoFocus}
    />
  );
}
