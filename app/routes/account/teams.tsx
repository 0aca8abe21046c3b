import { ConsentManager } from "../../features/consent/consent-manager";
import { TeamChrome } from "../../features/teams/team-chrome";
import { TeamList } from "../../features/teams/team-list";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["dashboard", "teams", "consent"] };

export default function Teams() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="teams" lang={lang} />
      <TeamChrome>{(ctx) => <TeamList {...ctx} />}</TeamChrome>
      <ConsentManager banner={false} />
    </>
  );
}
