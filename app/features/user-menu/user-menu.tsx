import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { isOperator } from "../../../core/operator";
import { openBillingPortal } from "../../api/billing";
import { LocalizedLink, useLanguage } from "../../i18n";
import { authClient, type Session } from "../../identity/client";
import { Breakable, withBreakables } from "../../ui/breakable";
import { TeamLogo } from "../../ui/team-logo";
import { isImpersonation, useStopImpersonation } from "../impersonation/impersonation-banner";
import { displayName } from "./display-name";
import { UserAvatar } from "./user-avatar";

interface DeviceAccount {
  session: { token: string };
  user: { id: string; name: string; email: string; image?: string | null };
}

/**
 * The user menu of the dashboard and the account pages: the signed-in account, Manage account,
 * Manage subscription (active pro only), the other accounts signed in in this browser to switch
 * to, Add account, Sign out (the next account becomes active) and Sign out of all accounts. While
 * an operator acts as the user, the menu offers neither other accounts nor adding one, and Sign out
 * ends the impersonation.
 */
export function UserMenu({
  session,
  isPro = false,
  activeTeam,
  activeTeamLogo,
}: {
  session: Session;
  isPro?: boolean;
  activeTeam?: string | null;
  activeTeamLogo?: string | null;
}) {
  const { t } = useTranslation("account");
  const lang = useLanguage();
  const [open, setOpen] = useState(false);
  /** The other accounts of this browser as read at this opening of the menu; null until read. */
  const [accounts, setAccounts] = useState<DeviceAccount[] | null>(null);
  const impersonating = isImpersonation(session);
  const stopImpersonating = useStopImpersonation();
  const others = impersonating ? [] : (accounts ?? []);
  const [failed, setFailed] = useState(false);
  /** An action is under way, or done and the page is reloading: the menu takes no second one. */
  const [busy, setBusy] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { user } = session;
  const name = displayName(user);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") {
        setOpen(false);
        button.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("mousedown", onClick);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("mousedown", onClick);
    };
  }, [open]);

  // The accounts signed in in this browser, read each time the menu opens. A list from an earlier
  // opening is not shown meanwhile: one of its accounts may have been signed out since (here by
  // "Sign out", or in another tab), and choosing it would fail.
  const [reads, setReads] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on each opening and after a failed action (reads)
  useEffect(() => {
    if (!open) return;
    setAccounts(null);
    let cancelled = false;
    authClient.multiSession.listDeviceSessions().then(({ data }) => {
      if (!cancelled) setAccounts(((data ?? []) as DeviceAccount[]).filter((a) => a.user.id !== user.id));
    });
    return () => {
      cancelled = true;
    };
  }, [open, user.id, reads]);

  // Every page below reads the account it shows on load, so a change of account reloads it.
  const reload = () => window.location.reload();
  const toSignIn = () => window.location.assign(`/${lang}/sign-in`);

  async function run(action: () => Promise<{ error: unknown }>, then: () => void) {
    if (busy) return;
    setBusy(true);
    setFailed(false);
    const { error } = await action();
    if (error) {
      setBusy(false);
      setFailed(true);
      // The list is read again: an account that was signed out meanwhile leaves it.
      return setReads((n) => n + 1);
    }
    // Stays busy: the page reloads (or leaves) for the account now active.
    then();
  }

  const switchTo = (account: DeviceAccount) =>
    run(() => authClient.multiSession.setActive({ sessionToken: account.session.token }), reload);

  // With other accounts in this browser only this one is signed out and the next becomes active
  // (so "Sign out" waits for the list: before it, it cannot tell which of the two it is).
  const signOut = () =>
    impersonating
      ? void stopImpersonating.stop()
      : others.length > 0
        ? run(() => authClient.multiSession.revoke({ sessionToken: session.session.token }), reload)
        : run(() => authClient.signOut(), toSignIn);

  // Better Auth's sign-out ends every account signed in in this browser.
  const signOutAll = () => run(() => authClient.signOut(), toSignIn);

  const item = "block w-full rounded-md px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 disabled:text-slate-500";
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex items-center gap-2 rounded-full border border-slate-200 bg-white py-1 pr-3 pl-1 hover:bg-slate-50"
      >
        <UserAvatar user={user} size="sm" />
        {/* Shortened in the header; the menu and the button's name say it whole. */}
        <span className="sr-only max-w-40 truncate text-sm font-medium text-slate-800 sm:not-sr-only" title={name}>
          {name}
        </span>
        {isPro && <span className="rounded-full bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">{t("userMenu.pro")}</span>}
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-20 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
        >
          <div className="flex items-center gap-3 border-b border-slate-100 px-3 pt-1 pb-3">
            <UserAvatar user={user} size="md" />
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">
                <Breakable text={name} />
              </p>
              <p className="text-sm text-slate-600">
                <Breakable text={user.email} />
              </p>
              {activeTeam !== undefined && (
                <p className="mt-1 flex min-w-0 items-start gap-1.5 text-sm text-slate-800">
                  {activeTeam && <TeamLogo name={activeTeam} logo={activeTeamLogo} size="xs" />}
                  <span className="min-w-0">
                    {activeTeam ? withBreakables((v) => t("userMenu.activeTeam", v), { name: activeTeam }) : t("userMenu.personalAccount")}
                  </span>
                </p>
              )}
            </div>
          </div>
          <ul className="mt-2 space-y-1">
            <li>
              <LocalizedLink to="/account" className={item}>
                {t("userMenu.manageAccount")}
              </LocalizedLink>
            </li>
            <li>
              <LocalizedLink to="/teams" className={item}>
                {t("userMenu.teams")}
              </LocalizedLink>
            </li>
            {isOperator(user) && (
              <li>
                <LocalizedLink to="/admin" className={item}>
                  {t("userMenu.operatorConsole")}
                </LocalizedLink>
              </li>
            )}
            {isPro && (
              <li>
                <button type="button" className={item} onClick={() => openBillingPortal(lang)}>
                  {t("userMenu.manageSubscription")}
                </button>
              </li>
            )}
          </ul>
          {others.length > 0 && (
            <ul aria-label={t("userMenu.otherAccounts")} className="mt-2 space-y-1 border-t border-slate-100 pt-2">
              {others.map((account) => (
                <li key={account.user.id}>
                  <button
                    type="button"
                    className={`${item} flex items-center gap-3`}
                    aria-label={t("userMenu.switchTo", { name: displayName(account.user) })}
                    disabled={busy}
                    onClick={() => switchTo(account)}
                  >
                    <UserAvatar user={account.user} size="sm" />
                    <span className="min-w-0">
                      <Breakable className="block font-medium" text={displayName(account.user)} />
                      <Breakable className="block text-slate-600" text={account.user.email} />
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
          <ul className="mt-2 space-y-1 border-t border-slate-100 pt-2">
            {!impersonating && (
              <li>
                <LocalizedLink to="/sign-in?add=1" className={item}>
                  {t("userMenu.addAccount")}
                </LocalizedLink>
              </li>
            )}
            <li>
              <button
                type="button"
                className={item}
                disabled={busy || stopImpersonating.busy || (!impersonating && accounts === null)}
                onClick={signOut}
              >
                {t("userMenu.signOut")}
              </button>
            </li>
            {others.length > 0 && (
              <li>
                <button type="button" className={item} disabled={busy} onClick={signOutAll}>
                  {t("userMenu.signOutAll")}
                </button>
              </li>
            )}
          </ul>
          {failed && (
            <p role="alert" className="mt-2 px-3 text-sm text-red-800">
              {t("userMenu.failed")}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
