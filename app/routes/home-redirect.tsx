import { useEffect } from "react";
import { useNavigate } from "react-router";
import { detectLanguage } from "../i18n/client";
import { PageSpinner } from "../ui";

/** "/" is answered by the server with a redirect; this covers in-app links to "/". */
export default function HomeRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(`/${detectLanguage()}`, { replace: true });
  }, [navigate]);
  return <PageSpinner />;
}
