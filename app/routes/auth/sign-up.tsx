import { SignUpWizard } from "../../components/auth/sign-up-wizard";
import { PageMeta } from "../../components/page-meta";
import { useLanguage } from "../../i18n/use-language";

export const handle = { i18n: ["auth"] };

export default function SignUp() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="signUp" lang={lang} />
      <SignUpWizard />
    </>
  );
}
