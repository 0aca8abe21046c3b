import { SignInForm } from "../../components/auth/sign-in-form";
import { PageMeta } from "../../components/page-meta";
import { useLanguage } from "../../i18n/use-language";

export const handle = { i18n: ["auth"] };

export default function SignIn() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="signIn" lang={lang} />
      <SignInForm />
    </>
  );
}
