/** Number of generated avatar variants (the author name's character sum modulo 70 picks one). */
export const AVATAR_VARIANTS = 70;

/** The avatar number of a person known only by name: the sum of its character codes modulo 70. */
export function avatarIndexForName(name: string): number {
  let sum = 0;
  for (const ch of name) sum += ch.codePointAt(0) ?? 0;
  return sum % AVATAR_VARIANTS;
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/);
  return `${parts[0]?.[0] ?? ""}${parts.length > 1 ? (parts.at(-1)?.[0] ?? "") : ""}`.toUpperCase();
}

/**
 * A generated avatar drawn in the page: no image request, so no visitor address reaches any other
 * host. Each of the 70 variants has its own colour pair and pattern angle.
 */
export function Avatar({ name, variant, size = 40 }: { name: string; variant: number; size?: number }) {
  const n = ((variant % AVATAR_VARIANTS) + AVATAR_VARIANTS) % AVATAR_VARIANTS;
  const hue = Math.round((n * 360) / AVATAR_VARIANTS);
  const angle = (n % 7) * 25;
  const id = `avatar-${n}`;
  return (
    <svg width={size} height={size} viewBox="0 0 40 40" aria-hidden="true" focusable="false" className="shrink-0 rounded-full">
      <defs>
        <linearGradient id={id} gradientTransform={`rotate(${angle} .5 .5)`}>
          <stop offset="0" stopColor={`hsl(${hue} 70% 38%)`} />
          <stop offset="1" stopColor={`hsl(${(hue + 40) % 360} 65% 30%)`} />
        </linearGradient>
      </defs>
      <rect width="40" height="40" fill={`url(#${id})`} />
      <circle cx={8 + (n % 5) * 6} cy={34 - (n % 3) * 4} r={10 + (n % 4) * 2} fill="#fff" opacity=".12" />
      <text x="20" y="25" textAnchor="middle" fontSize="14" fontWeight="600" fill="#fff" fontFamily="system-ui, sans-serif">
        {initials(name)}
      </text>
    </svg>
  );
}
