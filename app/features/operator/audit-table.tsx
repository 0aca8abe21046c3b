import { useTranslation } from "react-i18next";
import { AUDIT_ACTIONS, type AuditEntry } from "../../../core/operator";
import { LocalizedLink } from "../../i18n";
import { Breakable } from "../../ui/breakable";
import { Cell, Column, ConsoleTable } from "./console-list";
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
          <Cell label={t("audit.columns.at")} className="whitespace-nowrap text-slate-700">
            {when(entry.at)}
          </Cell>
          <Cell label={t("audit.columns.actor")} className="max-w-[14rem] text-slate-700">
            {entry.actorEmail ? <Breakable text={entry.actorEmail} /> : t("audit.commandLine")}
          </Cell>
          <Cell label={t("audit.columns.action")} className="text-slate-900">
            {actionLabel(entry.action)}
            {typeof entry.details?.reason === "string" && <span className="block text-xs text-slate-600">{entry.details.reason}</span>}
          </Cell>
          <Cell label={t("audit.columns.target")} className="max-w-[16rem]">
            {(entry.targetType === "user" || entry.targetType === "team") && entry.targetId ? (
              <LocalizedLink
                to={`/admin/${entry.targetType}s/${entry.targetId}`}
                className="text-blue-800 underline-offset-4 hover:underline"
              >
                <Breakable text={entry.targetLabel ?? entry.targetId} />
              </LocalizedLink>
            ) : (
              <span className="text-slate-700">{entry.targetLabel ? <Breakable text={entry.targetLabel} /> : "—"}</span>
            )}
          </Cell>
          <Cell
            label={t("audit.columns.outcome")}
            className={`font-medium ${entry.outcome === "success" ? "text-green-800" : "text-red-800"}`}
          >
            {t(entry.outcome === "success" ? "audit.success" : "audit.failure")}
          </Cell>
        </tr>
      ))}
    </>
  );
}
