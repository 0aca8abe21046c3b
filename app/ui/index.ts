// The primitives every kind of page uses, as one module so a page loads them as one file. Dialog,
// FormAlert and the icon shapes (./icons/*) are imported from their own files: the public pages
// do not show them, and importing them here would put them into every page's first download.

export { Copyright, Logo } from "./brand";
export { Button, type ButtonLook, type ButtonVariant, buttonClass, linkClass } from "./button";
export { ExternalLink, StoreLink } from "./external-link";
export { Icon, type IconShape } from "./icon";
export { SkipLink } from "./skip-link";
export { PageSpinner, Spinner } from "./spinner";
export { TextField } from "./text-field";
export { unbrokenHyphenatedWords } from "./unbroken-words";
