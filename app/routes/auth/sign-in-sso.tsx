import { SsoSignIn } from "../../features/sign-in/sso-sign-in";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["auth"] };

export default function SignInSso() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="signInSso" lang={lang} />
      <SsoSignIn />
    </>
  );
}
