import { ForgotPasswordForm } from "../../components/auth/forgot-password-form";
import { PageMeta } from "../../components/page-meta";
import { useLanguage } from "../../i18n/use-language";

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
