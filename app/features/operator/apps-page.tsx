import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AppRow, RegisteredApp } from "../../../core/api";
import {
  APP_NAME_MAX,
  APP_REDIRECT_URIS_MAX,
  APP_TYPES,
  type AppType,
  isRedirectUri,
  OAUTH_SCOPES,
  type OAuthScope,
} from "../../../core/oauth";
import { appsApi } from "../../api/oauth";
import { useAction } from "../../api/use-action";
import { useLoad } from "../../api/use-load";
import type { Session } from "../../identity/client";
import { Button, TextField } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { CheckGroup } from "../../ui/check-group";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { CopyField, ShownOnce } from "../../ui/copy-field";
import { FormMessages } from "../../ui/form-alert";
import { useAppName, useScopeWords } from "../connected-apps/scope-words";
import { Cell, Column, ConsoleTable } from "./console-list";
import { LoadState, OperatorLayout, OperatorSection } from "./operator-layout";

/** The redirect addresses as typed, one per line. */
const linesOf = (text: string) =>
  text
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean);

/** The app just registered: its client id, and its secret this once. */
function NewApp({ registered, onDone }: { registered: RegisteredApp; onDone: () => void }) {
  const { t } = useTranslation("operator");
  return (
    <ShownOnce
      title={t("apps.registered", { name: registered.item.name })}
      note={registered.clientSecret ? t("apps.secretOnce") : t("apps.noSecret")}
      done={t("apps.done")}
      onDone={onDone}
    >
      <CopyField label={t("apps.clientId")} value={registered.item.clientId} />
      {registered.clientSecret && <CopyField label={t("apps.clientSecret")} value={registered.clientSecret} />}
    </ShownOnce>
  );
}

function RegisterForm({ onRegistered }: { onRegistered: (app: RegisteredApp) => Promise<void> }) {
  const { t } = useTranslation("operator");
  const words = useScopeWords();
  const [name, setName] = useState("");
  const [uris, setUris] = useState("");
  const [scopes, setScopes] = useState<OAuthScope[]>(["openid", "profile", "email"]);
  const [type, setType] = useState<AppType>("confidential");
  const [errors, setErrors] = useState<{ name?: string; uris?: string }>({});
  const register = useAction({ failure: t("apps.registerFailed") });
  const ids = { name: useId(), uris: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    const redirectUris = linesOf(uris);
    const found = {
      name: trimmed && trimmed.length <= APP_NAME_MAX ? undefined : t("apps.nameRequired", { max: APP_NAME_MAX }),
      uris:
        redirectUris.length > 0 && redirectUris.length <= APP_REDIRECT_URIS_MAX && redirectUris.every(isRedirectUri)
          ? undefined
          : t("apps.redirectUrisInvalid", { max: APP_REDIRECT_URIS_MAX }),
    };
    setErrors(found);
    if (found.name || found.uris) return;
    if (scopes.length === 0) return register.setError(t("apps.scopeRequired"));
    await register.run(async () => {
      await onRegistered(await appsApi.register({ name: trimmed, redirectUris, scopes, type }));
      setName("");
      setUris("");
    });
  }

  const toggle = (scope: OAuthScope, on: boolean) =>
    setScopes((current) => (on ? OAUTH_SCOPES.filter((s) => s === scope || current.includes(s)) : current.filter((s) => s !== scope)));
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField
        look="compact"
        id={ids.name}
        label={t("apps.name")}
        hint={t("apps.nameHint")}
        value={name}
        maxLength={APP_NAME_MAX}
        onChange={(e) => setName(e.target.value)}
        error={errors.name}
      />
      <TextField
        look="compact"
        id={ids.uris}
        label={t("apps.redirectUris")}
        hint={t("apps.redirectUrisHint")}
        multiline={3}
        spellCheck={false}
        value={uris}
        onChange={(e) => setUris(e.target.value)}
        error={errors.uris}
      />
      <CheckGroup
        legend={t("apps.scopes")}
        columns={2}
        options={OAUTH_SCOPES.map((scope) => ({
          value: scope,
          label: words.name(scope),
          code: scope,
          description: words.description(scope),
        }))}
        checked={scopes}
        onChange={toggle}
      />
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("apps.type")}</legend>
        <div className="mt-2 space-y-2">
          {APP_TYPES.map((value) => (
            <label key={value} className="flex items-start gap-2 text-sm text-slate-900">
              <input type="radio" name="app-type" className="mt-1 size-4" checked={type === value} onChange={() => setType(value)} />
              {t(`apps.types.${value}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <FormMessages error={register.error} />
      <Button type="submit" variant="primary" size="md" disabled={register.busy}>
        {register.busy ? t("apps.registering") : t("apps.register")}
      </Button>
    </form>
  );
}

/**
 * /{lang}/admin/apps: operators register apps of others (the secret shown once), list every app
 * and turn one off (its access ends at once) or on again (docs/decisions/091). The extension is
 * listed, configured by EXTENSION_IDS, and not switched here.
 */
export function AppsPage({ session }: { session: Session }) {
  const { t } = useTranslation("operator");
  const words = useScopeWords();
  const nameOf = useAppName();
  const [apps, reload] = useLoad("operator-apps", appsApi.list);
  const [registered, setRegistered] = useState<RegisteredApp | null>(null);
  const [disabling, setDisabling] = useState<AppRow | null>(null);
  const change = useAction({ failure: t("apps.actionFailed"), onDone: reload });

  return (
    <OperatorLayout session={session} title={t("apps.title")} intro={t("apps.intro")}>
      <OperatorSection id="register-app" title={t("apps.registerTitle")}>
        {registered ? (
          <NewApp registered={registered} onDone={() => setRegistered(null)} />
        ) : (
          <RegisterForm
            onRegistered={async (app) => {
              setRegistered(app);
              await reload();
            }}
          />
        )}
      </OperatorSection>
      <OperatorSection id="apps" title={t("apps.listTitle")}>
        <FormMessages className="mb-3" error={change.error} notice={change.notice} />
        <LoadState load={apps} />
        {apps.state === "loaded" &&
          (apps.data.items.length === 0 ? (
            <p className="text-sm text-slate-700">{t("apps.empty")}</p>
          ) : (
            <ConsoleTable
              id="app-list"
              caption={t("apps.tableCaption")}
              head={
                <>
                  <Column>{t("apps.columns.name")}</Column>
                  <Column>{t("apps.columns.clientId")}</Column>
                  <Column>{t("apps.columns.type")}</Column>
                  <Column>{t("apps.columns.scopes")}</Column>
                  <Column>{t("apps.columns.redirectUris")}</Column>
                  <Column>{t("apps.columns.state")}</Column>
                  <Column>{t("apps.columns.actions")}</Column>
                </>
              }
            >
              {apps.data.items.map((app) => (
                <tr key={app.clientId} className="border-b border-slate-100 align-top last:border-0">
                  <Cell label={t("apps.columns.name")} className="max-w-[12rem] min-w-[9rem] font-medium wrap-break-word text-slate-900">
                    {nameOf(app)}
                  </Cell>
                  <Cell label={t("apps.columns.clientId")} className="font-mono text-xs wrap-break-word text-slate-700">
                    {app.clientId}
                  </Cell>
                  <Cell label={t("apps.columns.type")} className="text-slate-700">
                    {t(`apps.typeShort.${app.type}`)}
                  </Cell>
                  <Cell label={t("apps.columns.scopes")} className="max-w-[12rem] min-w-[9rem] text-slate-700">
                    {words.names(app.scopes)}
                  </Cell>
                  <Cell label={t("apps.columns.redirectUris")} className="max-w-[16rem] min-w-[11rem] text-xs text-slate-700">
                    {app.redirectUris.map((uri) => (
                      <Breakable key={uri} className="block" text={uri} />
                    ))}
                  </Cell>
                  <Cell label={t("apps.columns.state")} className="whitespace-nowrap">
                    <span className={app.disabled ? "font-medium text-red-800" : "text-green-800"}>
                      {app.disabled ? t("apps.disabled") : t("apps.active")}
                    </span>
                  </Cell>
                  <Cell>
                    {app.firstParty ? (
                      <span className="text-xs text-slate-600">{t("apps.firstParty")}</span>
                    ) : app.disabled ? (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={change.busy}
                        aria-label={t("apps.enableNamed", { name: app.name })}
                        onClick={() => void change.run(() => appsApi.enable(app.clientId), t("apps.enabledDone", { name: app.name }))}
                      >
                        {t("apps.enable")}
                      </Button>
                    ) : (
                      <Button
                        variant="secondary"
                        size="sm"
                        disabled={change.busy}
                        aria-label={t("apps.disableNamed", { name: app.name })}
                        onClick={() => setDisabling(app)}
                      >
                        {t("apps.disable")}
                      </Button>
                    )}
                  </Cell>
                </tr>
              ))}
            </ConsoleTable>
          ))}
      </OperatorSection>
      {disabling && (
        <ConfirmDialog
          title={t("apps.disableTitle", { name: disabling.name })}
          confirm={t("apps.disable")}
          busyConfirm={t("apps.disabling")}
          cancel={t("apps.cancel")}
          onClose={() => setDisabling(null)}
          onConfirm={async () => {
            const done = await change.run(() => appsApi.disable(disabling.clientId), t("apps.disabledDone", { name: disabling.name }));
            if (done) setDisabling(null);
            return done ? undefined : t("apps.actionFailed");
          }}
        >
          {t("apps.disableText")}
        </ConfirmDialog>
      )}
    </OperatorLayout>
  );
}
