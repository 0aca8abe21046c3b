import { DataExportPage } from "../../features/account/data-export-page";
import { useLanguage } from "../../i18n";
import { PageMeta } from "../../site/page-meta";

export const handle = { i18n: ["account"] };

export default function DataExportRoute() {
  const lang = useLanguage();
  return (
    <>
      <PageMeta page="dataExport" lang={lang} />
      <DataExportPage />
    </>
  );
}
