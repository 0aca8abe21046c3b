/** Square sizes in CSS pixels: the user menu's line, list rows, a team's page header, the logo section's preview. */
const SIZES = {
  xs: { px: 20, box: "size-5 rounded text-[0.625rem]", inset: "" },
  sm: { px: 36, box: "size-9 rounded-lg", inset: "p-0.5" },
  md: { px: 56, box: "size-14 rounded-xl text-2xl", inset: "p-1" },
  lg: { px: 80, box: "size-20 rounded-2xl text-3xl", inset: "p-1.5" },
} as const;

/**
 * A team's mark wherever the team shows: its logo whole, contained in a square (a wide word mark is
 * letterboxed, never cropped), or its initial. Beside the team's name it is decoration (`alt` empty);
 * where it stands alone it gets an `alt`.
 */
export function TeamLogo({
  name,
  logo,
  size = "sm",
  alt = "",
}: {
  name: string;
  logo?: string | null;
  size?: keyof typeof SIZES;
  alt?: string;
}) {
  const { px, box, inset } = SIZES[size];
  if (logo) {
    return (
      <img
        src={logo}
        alt={alt}
        width={px}
        height={px}
        className={`${box} ${inset} shrink-0 border border-slate-200 bg-white object-contain`}
      />
    );
  }
  return (
    <span aria-hidden="true" className={`${box} grid shrink-0 place-items-center bg-slate-100 font-semibold text-slate-700`}>
      {name.trim().charAt(0).toUpperCase()}
    </span>
  );
}
