/** An icon's outline: 24×24 strokes by default; `filled` shapes are painted in the text colour. */
export interface IconShape {
  d: string;
  filled?: boolean;
  viewBox?: string;
  /** Square line ends and corners instead of round ones. */
  sharp?: boolean;
}

/** A decorative icon (hidden from assistive technology) in the current text colour; the shapes are in ./icons. */
export function Icon({ icon, className = "size-6" }: { icon: IconShape; className?: string }) {
  const stroked = !icon.filled;
  const round = stroked && !icon.sharp ? "round" : undefined;
  return (
    <svg
      viewBox={icon.viewBox ?? "0 0 24 24"}
      className={className}
      fill={stroked ? "none" : "currentColor"}
      stroke={stroked ? "currentColor" : undefined}
      strokeWidth={stroked ? 2 : undefined}
      strokeLinecap={round}
      strokeLinejoin={round}
      aria-hidden="true"
      focusable="false"
    >
      <path d={icon.d} />
    </svg>
  );
}
