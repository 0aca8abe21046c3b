import { useTranslation } from "react-i18next";
import { AUDIT_ACTIONS, type AuditEntry } from "../../../core/operator";
import { LocalizedLink } from "../../i18n";
import { Column, ConsoleTable } from "./console-list";
import { useDateTime } from "./operator-layout";

/** Audit entries as a table, newest first. */
export function AuditTable({ id, entries, caption }: { id: string; entries: AuditEntry[]; caption: string }) {
  return (
    <ConsoleTable id={id} caption={caption} head={<AuditHead />}>
      <AuditRows entries={entries} />
    </ConsoleTable>
  );
}

export function AuditHead() {
  const { t } = useTranslation("operator");
  return (["at", "actor", "action", "target", "outcome"] as const).map((column) => (
    <Column key={column}>{t(`audit.columns.${column}`)}</Column>
  ));
}

export function AuditRows({ entries }: { entries: AuditEntry[] }) {
  const { t } = useTranslation("operator");
  const when = useDateTime();
  const actionLabel = (action: string) => (AUDIT_ACTIONS.includes(action as never) ? t(`audit.actions.${action}` as never) : action);
  return (
    <>
      {entries.map((entry) => (
        <tr key={entry.id} className="border-b border-slate-100 align-top last:border-0">
          <td className="whitespace-nowrap py-2 pr-3 text-slate-700">{when(entry.at)}</td>
          <td className="max-w-[14rem] truncate py-2 pr-3 text-slate-700" title={entry.actorEmail ?? undefined}>
            {entry.actorEmail ?? t("audit.commandLine")}
          </td>
          <td className="py-2 pr-3 text-slate-900">
            {actionLabel(entry.action)}
            {typeof entry.details?.reason === "string" && <span className="block text-xs text-slate-600">{entry.details.reason}</span>}
          </td>
          <td className="max-w-[16rem] truncate py-2 pr-3" title={entry.targetLabel ?? undefined}>
            {(entry.targetType === "user" || entry.targetType === "team") && entry.targetId ? (
              <LocalizedLink
                to={`/admin/${entry.targetType}s/${entry.targetId}`}
                className="text-blue-800 underline-offset-4 hover:underline"
              >
                {entry.targetLabel ?? entry.targetId}
              </LocalizedLink>
            ) : (
              <span className="text-slate-700">{entry.targetLabel ?? "—"}</span>
            )}
          </td>
          <td className={`py-2 font-medium ${entry.outcome === "success" ? "text-green-800" : "text-red-800"}`}>
            {t(entry.outcome === "success" ? "audit.success" : "audit.failure")}
          </td>
        </tr>
      ))}
    </>
  );
}
