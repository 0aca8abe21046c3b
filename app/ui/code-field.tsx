import type { ComponentProps } from "react";
import { TextField } from "./text-field";

/**
 * A one-time code typed into one field (a code texted or mailed, an authenticator's code): a
 * numeric keyboard, the browser's one-time-code fill, and only digits kept as they are typed.
 */
export function CodeField({
  length = 6,
  onChange,
  ...field
}: Omit<ComponentProps<typeof TextField>, "onChange" | "value"> & {
  value: string;
  /** The digits typed so far. */
  onChange: (code: string) => void;
  /** How many digits a code has. */
  length?: number;
}) {
  return (
    <TextField
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={length}
      {...field}
      onChange={(e) => onChange(e.target.value.replace(/\D/g, ""))}
    />
  );
}
