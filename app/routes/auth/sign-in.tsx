import { SignInForm } from "../../features/sign-in/sign-in-form";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["auth", "account", "security", "phone"] };

export default function SignIn() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="signIn" lang={lang} />
      <SignInForm />
    </>
  );
}
