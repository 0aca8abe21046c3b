import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreatedScimToken, ScimTokenRow, TeamView } from "../../../core/api";
import { createScimToken, fetchScimTokens, revokeScimToken } from "../../api/sso";
import { useAction } from "../../api/use-action";
import { useLoad } from "../../api/use-load";
import { useLanguage } from "../../i18n";
import { Button, Spinner } from "../../ui";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { CopyField, ShownOnce } from "../../ui/copy-field";
import { FormMessages } from "../../ui/form-alert";

/**
 * Provisioning from the team's directory (SCIM 2.0): the base address to copy, the tokens with when
 * each was made and last used, a new token shown this once, and revoking one.
 */
export function ScimSection({ team, pro }: { team: TeamView; pro: boolean }) {
  const { t, i18n } = useTranslation("teams");
  const lang = useLanguage();
  const [tokens, reload] = useLoad(`scim-${team.id}`, () => fetchScimTokens(team.id));
  const [created, setCreated] = useState<CreatedScimToken | null>(null);
  const [revoking, setRevoking] = useState<ScimTokenRow | null>(null);
  const create = useAction({ failure: t("sso.failed"), onDone: reload });
  const revoke = useAction({ failure: t("sso.failed"), onDone: reload });
  const date = (iso: string | null) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : t("sso.neverUsed");

  return (
    <section aria-labelledby="scim-title" className="space-y-4 border-t border-slate-200 pt-6">
      <div>
        <h3 id="scim-title" className="font-semibold text-slate-900">
          {t("sso.scim.title")}
        </h3>
        <p className="mt-1 text-sm text-slate-600">{t("sso.scim.text")}</p>
      </div>
      {tokens.state === "loading" && <Spinner />}
      {tokens.state === "failed" && (
        <p role="alert" className="text-sm text-red-800">
          {tokens.message || t("sso.loadError")}
        </p>
      )}
      {tokens.state === "loaded" && (
        <>
          <CopyField label={t("sso.scim.baseUrl")} value={tokens.data.baseUrl} copyLabel={t("sso.scim.copyBaseUrl")} />
          {tokens.data.items.length === 0 ? (
            <p className="text-sm text-slate-600">{t("sso.scim.none")}</p>
          ) : (
            <ul className="divide-y divide-slate-100" aria-label={t("sso.scim.tokens")}>
              {tokens.data.items.map((item) => (
                <li key={item.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                  <div className="min-w-0">
                    <p className="font-mono text-sm break-all text-slate-900">{`${item.start}…`}</p>
                    <p className="text-sm text-slate-600">
                      {t("sso.scim.created")}: {date(item.createdAt)} · {t("sso.lastUsed")}: {date(item.lastUsedAt)}
                    </p>
                  </div>
                  <Button
                    variant="secondary"
                    size="xs"
                    aria-label={t("sso.scim.revokeNamed", { start: item.start })}
                    onClick={() => setRevoking(item)}
                  >
                    {t("sso.scim.revoke")}
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
      {created ? (
        <ShownOnce
          title={t("sso.scim.createdTitle")}
          note={t("sso.scim.copyNow")}
          done={t("sso.scim.done")}
          onDone={() => setCreated(null)}
        >
          <CopyField label={t("sso.scim.token")} value={created.token} copyLabel={t("sso.scim.copyToken")} />
        </ShownOnce>
      ) : (
        pro && (
          <Button
            variant="primary"
            size="md"
            disabled={create.busy}
            onClick={() => void create.run(async () => setCreated(await createScimToken(team.id, lang)))}
          >
            {create.busy ? t("sso.scim.creating") : t("sso.scim.create")}
          </Button>
        )
      )}
      <FormMessages error={create.error || revoke.error} notice={revoke.notice} />
      {revoking && (
        <ConfirmDialog
          title={t("sso.scim.revokeTitle")}
          confirm={t("sso.scim.revoke")}
          busyConfirm={t("sso.scim.revoking")}
          cancel={t("sso.cancel")}
          onClose={() => setRevoking(null)}
          onConfirm={async () => {
            const done = await revoke.run(() => revokeScimToken(team.id, revoking.id, lang), t("sso.scim.revoked"));
            if (done) setRevoking(null);
            return done ? undefined : t("sso.failed");
          }}
        >
          {t("sso.scim.revokeText")}
        </ConfirmDialog>
      )}
    </section>
  );
}
