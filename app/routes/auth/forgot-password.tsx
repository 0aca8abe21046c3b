import { ForgotPasswordForm } from "../../features/sign-in/forgot-password-form";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["auth"] };

export default function ForgotPassword() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="forgotPassword" lang={lang} />
      <ForgotPasswordForm />
    </>
  );
}
