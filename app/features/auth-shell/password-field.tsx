import { type ComponentProps, useState } from "react";
import { useTranslation } from "react-i18next";
import { Icon, TextField } from "../../ui";
import { eye, eyeOff } from "../../ui/icons/account";

type Props = Omit<ComponentProps<typeof TextField>, "type" | "trailing">;

/** A password input with a button that shows or hides what was typed. */
export function PasswordField(props: Props) {
  const { t } = useTranslation("auth");
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? "text" : "password"}
      trailing={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t("hidePassword") : t("showPassword")}
          aria-controls={props.id}
          className="absolute inset-y-0 right-0 grid w-11 place-items-center rounded-r-lg text-slate-600 hover:text-slate-900"
        >
          <Icon icon={visible ? eyeOff : eye} className="size-5" />
        </button>
      }
    />
  );
}
