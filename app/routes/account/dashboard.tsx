import { useTranslation } from "react-i18next";
import { RequireSession } from "../../auth/require-session";
import { PageMeta } from "../../components/page-meta";
import { useLanguage } from "../../i18n/use-language";

export const handle = { i18n: [] as string[] };

export default function Dashboard() {
  const { t } = useTranslation("common");
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="dashboard" lang={lang} />
      <RequireSession>
        {(session) => (
          <main id="main" className="mx-auto max-w-xl p-8">
            <h1 className="text-3xl font-bold">{t("pages.dashboard.title").split(" | ")[0]}</h1>
            <p className="mt-4">{session.user.email}</p>
          </main>
        )}
      </RequireSession>
    </>
  );
}
