/** The product mark: a contact card over a pipeline arrow. Decorative; the brand name sits next to it. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#2563eb" />
      <circle cx="12" cy="12" r="4" fill="#fff" />
      <path d="M5.5 24c.8-4 3.4-6 6.5-6s5.7 2 6.5 6z" fill="#fff" />
      <path d="M20 10h7M20 15h5M22 21l4 0m-2-2 2 2-2 2" stroke="#bfdbfe" strokeWidth="2" strokeLinecap="round" fill="none" />
    </svg>
  );
}
