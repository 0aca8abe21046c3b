import type { ButtonHTMLAttributes } from "react";

/**
 * The button looks in use. Colours and weight come from the variant, padding and text size from
 * the size; links that look like buttons take `buttonClass(...)` as their className.
 */
const VARIANTS = {
  /** The main action: blue (site, sign-in and sign-up forms). */
  primary: "bg-blue-600 text-white hover:bg-blue-700 disabled:bg-blue-300",
  /** The main action in the account area and the contact form: a darker blue. */
  strong: "bg-blue-700 text-white hover:bg-blue-800 disabled:opacity-60",
  /** A second choice beside the main one; see-through, so add bg-white where the background is not white. */
  secondary: "border border-slate-300 text-slate-800 hover:bg-slate-50 disabled:text-slate-400",
  /** A second choice in blue (team lists). */
  outline: "border border-blue-700 text-blue-800 hover:bg-blue-50",
  /** A light blue frame (the phone menu's plugin link). */
  soft: "border border-blue-200 text-blue-700 hover:bg-blue-50",
  /** No frame until hovered. */
  quiet: "text-slate-700 hover:bg-slate-100",
  quietBlue: "text-blue-700 hover:bg-blue-50",
  /** White on a blue panel. */
  inverse: "bg-white text-blue-700 hover:bg-blue-50",
  /** A step that cannot be undone (leaving or deleting a team, deleting the account). */
  danger: "bg-red-700 text-white hover:bg-red-800 disabled:opacity-60",
  /** Dark, for the plugin download in the account area. */
  dark: "bg-slate-900 text-white hover:bg-slate-700",
} as const;

const SIZES = {
  icon: "gap-2 p-2",
  compact: "gap-1.5 px-2 py-1.5 text-sm",
  xs: "gap-2 px-3 py-1.5 text-sm",
  sm: "gap-2 px-4 py-1.5 text-sm",
  md: "gap-2 px-4 py-2 text-sm",
  lg: "gap-2 px-4 py-2",
  xl: "gap-2 px-4 py-2.5",
  "2xl": "gap-2 px-5 py-2.5",
  "3xl": "gap-2 px-6 py-3",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

export interface ButtonLook {
  variant?: ButtonVariant;
  size?: keyof typeof SIZES;
  /** Fully rounded ends (the public site) instead of rounded corners (forms and account area). */
  pill?: boolean;
  /** The full width of its container (form actions). */
  block?: boolean;
  /** A small shadow (form actions, the hero's main action). */
  raised?: boolean;
  /** Semibold unless said; the quiet and soft variants are medium. */
  weight?: "medium" | "semibold";
}

/**
 * The classes of a button look; `extra` adds classes that do not clash with it (margins, flex,
 * text-center for labels that may wrap, bg-white behind a see-through variant).
 */
export function buttonClass({ variant = "primary", size = "xl", pill, block, raised, weight }: ButtonLook = {}, extra?: string): string {
  const medium = (weight ?? (variant === "quiet" || variant === "quietBlue" || variant === "soft" ? "medium" : "semibold")) === "medium";
  return [
    "inline-flex items-center justify-center disabled:cursor-not-allowed",
    pill ? "rounded-full" : "rounded-lg",
    medium ? "font-medium" : "font-semibold",
    VARIANTS[variant],
    SIZES[size],
    block && "w-full",
    raised && "shadow-sm",
    extra,
  ]
    .filter(Boolean)
    .join(" ");
}

/** An inline text link inside a sentence or under a form. */
export const linkClass = "font-medium text-blue-700 underline-offset-2 hover:underline";

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & ButtonLook;

/** A <button> in one of the kit's looks; `type` defaults to "button" so it never submits by accident. */
export function Button({ variant, size, pill, block, raised, weight, className, type = "button", ...props }: ButtonProps) {
  return <button type={type} className={buttonClass({ variant, size, pill, block, raised, weight }, className)} {...props} />;
}
