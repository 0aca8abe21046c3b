import { SignUpWizard } from "../../features/sign-up/wizard";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["auth", "billing"] };

export default function SignUp() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="signUp" lang={lang} />
      <SignUpWizard />
    </>
  );
}
