import type { ComponentProps } from "react";
import { Button, type ButtonVariant, buttonClass } from "../../ui";

// The secondary look is see-through; these forms' actions sit on white.
const extras = (variant: ButtonVariant, extra?: string) => (variant === "secondary" ? (extra ? `bg-white ${extra}` : "bg-white") : extra);

/** The look of the sign-in and sign-up forms' actions: full width, with a small shadow. */
export const formButtonClass = (variant: ButtonVariant = "primary", extra?: string) =>
  buttonClass({ variant, size: "xl", block: true, raised: true }, extras(variant, extra));

/** An action of the sign-in and sign-up forms. */
export function FormButton({ variant = "primary", className, ...props }: ComponentProps<"button"> & { variant?: ButtonVariant }) {
  return <Button {...props} variant={variant} size="xl" block raised className={extras(variant, className)} />;
}
