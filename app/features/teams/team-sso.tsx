import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SsoConnection, SsoSettings, TeamView } from "../../../core/api";
import { roleCan } from "../../../core/teams";
import { addOidcConnection, deleteSsoConnection, fetchSsoSettings, setSsoState, startSsoTest } from "../../api/sso";
import { useAction } from "../../api/use-action";
import { useLoad } from "../../api/use-load";
import { useLanguage } from "../../i18n";
import { Button, Spinner, TextField } from "../../ui";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { CopyField } from "../../ui/copy-field";
import { FormAlert } from "../../ui/form-alert";
import { ConnectionOptions, useConnectionOptions } from "./sso-connection-options";
import { AddSamlConnection, SamlAddresses } from "./team-saml";
import { ScimSection } from "./team-scim";

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";
const STATE_COLORS: Record<SsoConnection["state"], string> = {
  draft: "bg-slate-100 text-slate-800",
  active: "bg-emerald-50 text-emerald-800",
  enforced: "bg-blue-50 text-blue-900",
};

/** /teams/{id}/sso: the team's connections to its identity provider, for its admins on a Pro team. */
export function TeamSsoPage({ team }: { team: TeamView }) {
  const { t } = useTranslation("teams");
  const allowed = roleCan(team.role, { domain: ["manage"] });
  const [settings, reload] = useLoad(`sso-${team.id}`, () => (allowed ? fetchSsoSettings(team.id) : Promise.resolve(null)));
  return (
    <section aria-labelledby="sso-title" className={card}>
      <h2 id="sso-title" className="text-lg font-semibold text-slate-900">
        {t("sso.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t("sso.text")}</p>
      {!allowed && (
        <div className="mt-4">
          <FormAlert tone="info">{t("sso.adminsOnly")}</FormAlert>
        </div>
      )}
      {settings.state === "loading" && <Spinner />}
      {settings.state === "failed" && (
        <p role="alert" className="mt-4 text-sm text-red-800">
          {settings.message || t("sso.loadError")}
        </p>
      )}
      {settings.state === "loaded" && settings.data && <SsoSettingsView team={team} settings={settings.data} reload={reload} />}
    </section>
  );
}

function SsoSettingsView({ team, settings, reload }: { team: TeamView; settings: SsoSettings; reload: () => Promise<void> }) {
  const { t } = useTranslation("teams");
  return (
    <div className="mt-4 space-y-6">
      {!settings.pro && <FormAlert tone="info">{t("sso.proOnly")}</FormAlert>}
      <CopyField label={t("sso.redirectUrl")} value={settings.redirectUrl} />
      {settings.connections.length === 0 ? (
        <p className="text-sm text-slate-600">{t("sso.empty")}</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label={t("sso.connections")}>
          {settings.connections.map((c) => (
            <ConnectionItem key={c.id} team={team} connection={c} pro={settings.pro} onChanged={reload} />
          ))}
        </ul>
      )}
      {settings.pro && <AddOidcConnection team={team} domains={settings.verifiedDomains} onAdded={reload} />}
      {settings.pro && settings.verifiedDomains.length > 0 && (
        <AddSamlConnection team={team} domains={settings.verifiedDomains} onAdded={reload} />
      )}
      {settings.connections.length > 0 && <ScimSection team={team} pro={settings.pro} />}
    </div>
  );
}

function ConnectionItem(props: { team: TeamView; connection: SsoConnection; pro: boolean; onChanged: () => Promise<void> }) {
  const { team, connection: c } = props;
  const { t, i18n } = useTranslation("teams");
  const lang = useLanguage();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const action = useAction({ failure: t("sso.failed"), onDone: props.onChanged });
  // The new tab opens during the click, so no popup blocker refuses it, and goes to the provider once
  // the test is started; without a tab (blocked anyway) this page goes there itself.
  const testConnection = () =>
    action.run(async () => {
      const tab = window.open("", "_blank");
      if (tab) tab.opener = null;
      try {
        const { url } = await startSsoTest(team.id, c.id, lang);
        if (tab) tab.location.href = url;
        else window.location.assign(url);
      } catch (error) {
        tab?.close();
        throw error;
      }
    }, t("sso.test.opened"));
  const moves: SsoConnection["state"][] = c.state === "draft" ? ["active"] : c.state === "active" ? ["enforced", "draft"] : ["active"];
  const when = c.lastUsedAt
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium", timeStyle: "short" }).format(new Date(c.lastUsedAt))
    : null;
  return (
    <li className="space-y-2 py-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium break-all text-slate-900">
          {c.saml ? `${t("sso.saml")}: ${c.saml.idpEntityId}` : `${t("sso.oidc")}: ${c.issuer}`}{" "}
          <span className={`ml-1 inline-block rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ${STATE_COLORS[c.state]}`}>
            {t(`sso.states.${c.state}`)}
          </span>
        </p>
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        <dt className="text-slate-600">{t("sso.domains")}</dt>
        <dd className="break-all text-slate-900">{c.domains.join(", ")}</dd>
        {c.clientId !== null && (
          <>
            <dt className="text-slate-600">{t("sso.clientId")}</dt>
            <dd className="break-all text-slate-900">{c.clientId}</dd>
          </>
        )}
        <dt className="text-slate-600">{t("sso.newPeople")}</dt>
        <dd className="text-slate-900">
          {c.provisioning ? t("sso.joinAs", { role: t(`roles.${c.defaultRole}`) }) : t("sso.noProvisioning")}
        </dd>
        <dt className="text-slate-600">{t("sso.lastUsed")}</dt>
        <dd className="text-slate-900">{when ?? t("sso.neverUsed")}</dd>
      </dl>
      {c.saml && <SamlAddresses saml={c.saml} />}
      {c.disabled && <FormAlert tone="info">{t("sso.disabledByOperator")}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        {moves
          .filter((to) => props.pro || to === "draft")
          .map((to) => (
            <Button
              key={to}
              variant="secondary"
              size="xs"
              disabled={action.busy}
              onClick={() => void action.run(() => setSsoState(team.id, c.id, to, lang), t(`sso.movedTo.${to}`))}
            >
              {t(`sso.moveTo.${to}`)}
            </Button>
          ))}
        <Button variant="secondary" size="xs" disabled={action.busy} onClick={() => void testConnection()}>
          {t("sso.test.run")}
        </Button>
        <Button variant="secondary" size="xs" onClick={() => setConfirmDelete(true)}>
          {t("sso.delete")}
        </Button>
      </div>
      {action.error && (
        <p role="alert" className="text-sm text-red-800">
          {action.error}
        </p>
      )}
      {action.notice && (
        <p role="status" className="text-sm text-emerald-800">
          {action.notice}
        </p>
      )}
      {confirmDelete && (
        <ConfirmDialog
          title={t("sso.deleteTitle")}
          confirm={t("sso.delete")}
          cancel={t("sso.cancel")}
          onClose={() => setConfirmDelete(false)}
          onConfirm={async () => {
            await deleteSsoConnection(team.id, c.id, lang);
            setConfirmDelete(false);
            await props.onChanged();
          }}
        >
          {t("sso.deleteText")}
        </ConfirmDialog>
      )}
    </li>
  );
}

function AddOidcConnection({ team, domains, onAdded }: { team: TeamView; domains: string[]; onAdded: () => Promise<void> }) {
  const { t } = useTranslation("teams");
  const lang = useLanguage();
  const ids = useId();
  const [issuer, setIssuer] = useState("");
  const [clientId, setClientId] = useState("");
  const [clientSecret, setClientSecret] = useState("");
  const options = useConnectionOptions();
  const action = useAction({ failure: t("sso.failed"), onDone: onAdded });

  if (domains.length === 0) return <p className="text-sm text-slate-600">{t("sso.verifyDomainFirst")}</p>;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!issuer.trim() || !clientId.trim() || !clientSecret || options.values.domains.length === 0)
      return action.setError(t("errors.ssoInvalidConnection"));
    const saved = await action.run(
      () => addOidcConnection(team.id, { issuer, clientId, clientSecret, ...options.values }, lang),
      t("sso.added"),
    );
    if (saved) {
      setIssuer("");
      setClientId("");
      setClientSecret("");
      options.clearDomains();
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{t("sso.addOidc")}</h3>
      <TextField
        id={`${ids}-issuer`}
        label={t("sso.issuer")}
        hint={t("sso.issuerHint")}
        type="url"
        value={issuer}
        onChange={(e) => setIssuer(e.target.value)}
      />
      <TextField
        id={`${ids}-client`}
        label={t("sso.clientId")}
        value={clientId}
        autoComplete="off"
        onChange={(e) => setClientId(e.target.value)}
      />
      <TextField
        id={`${ids}-secret`}
        label={t("sso.clientSecret")}
        hint={t("sso.clientSecretHint")}
        type="password"
        autoComplete="new-password"
        value={clientSecret}
        onChange={(e) => setClientSecret(e.target.value)}
      />
      <ConnectionOptions domains={domains} {...options.fields} />
      {action.error && <FormAlert>{action.error}</FormAlert>}
      {action.notice && <FormAlert tone="info">{action.notice}</FormAlert>}
      <Button type="submit" variant="primary" size="md" disabled={action.busy}>
        {action.busy ? t("sso.saving") : t("sso.save")}
      </Button>
    </form>
  );
}
