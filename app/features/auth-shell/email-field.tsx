import type { ComponentProps } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "../../ui";

type Props = Omit<ComponentProps<typeof TextField>, "id" | "type" | "label" | "autoComplete">;

/** The e-mail address of the sign-in, password reset and sign-up forms. */
export function EmailField(props: Props) {
  const { t } = useTranslation("auth");
  return <TextField id="email" type="email" label={t("emailLabel")} autoComplete="email" required {...props} />;
}
