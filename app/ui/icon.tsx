/** Small inline icons (24×24, stroke); decorative, so hidden from assistive technology. */
function Icon({ d, className = "size-6" }: { d: string; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={d} />
    </svg>
  );
}

export const Menu = (p: { className?: string }) => <Icon {...p} d="M4 6h16M4 12h16M4 18h16" />;
export const X = (p: { className?: string }) => <Icon {...p} d="M6 6l12 12M18 6 6 18" />;
export const ArrowUp = (p: { className?: string }) => <Icon {...p} d="M12 19V5m-7 7 7-7 7 7" />;
export const Check = (p: { className?: string }) => <Icon {...p} d="m5 12 5 5L20 7" />;
export const ChevronDown = (p: { className?: string }) => <Icon {...p} d="m6 9 6 6 6-6" />;
export const External = (p: { className?: string }) => (
  <Icon {...p} d="M14 4h6v6m0-6L10 14M18 14v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V7a1 1 0 0 1 1-1h5" />
);
export const Star = (p: { className?: string }) => (
  <Icon {...p} d="m12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1L12 17l-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z" />
);
