import { useTranslation } from "react-i18next";
import { useLocation } from "react-router";

/** Why another page sent the user to the dashboard; carried in the navigation's state. */
export type DashboardNoticeKind = "subscriptionRunning";

export interface DashboardNoticeState {
  notice: DashboardNoticeKind;
}

const KINDS: readonly DashboardNoticeKind[] = ["subscriptionRunning"];

function noticeOf(state: unknown): DashboardNoticeKind | null {
  const notice = (state as Partial<DashboardNoticeState> | null)?.notice;
  return notice && KINDS.includes(notice) ? notice : null;
}

/**
 * A notice from the page that sent the user here: a signed-in user whose Pro subscription or trial
 * runs is sent from sign-up to the dashboard instead of a second checkout (docs/decisions/145).
 */
export function DashboardNotice() {
  const { t } = useTranslation("dashboard");
  const notice = noticeOf(useLocation().state);
  if (!notice) return null;
  return (
    <section aria-labelledby="dashboard-notice-title" className="rounded-xl border border-blue-200 bg-blue-50 p-4">
      <div role="status">
        <h2 id="dashboard-notice-title" className="font-semibold text-slate-900">
          {t(`notices.${notice}.title`)}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t(`notices.${notice}.text`)}</p>
      </div>
    </section>
  );
}
