import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ApiKeyRow, CreatedApiKey } from "../../../core/api";
import {
  API_KEY_LIFETIMES,
  API_KEY_NAME_MAX,
  API_SCOPES,
  type ApiKeyLifetime,
  type ApiScope,
  TEAM_KEY_SCOPES,
} from "../../../core/api-scopes";
import { createApiKey, fetchApiKeys, type KeyOwner, revokeApiKey } from "../../api/api-keys";
import { useAction } from "../../api/use-action";
import { useLoad } from "../../api/use-load";
import { LocalizedLink } from "../../i18n";
import { Button, Spinner, TextField } from "../../ui";
import { CheckGroup } from "../../ui/check-group";
import { CopyField, ShownOnce } from "../../ui/copy-field";
import { FormMessages } from "../../ui/form-alert";
import { RevokeKeyDialog } from "./revoke-key-dialog";

/** A scope's catalog key: i18next reads ":" as the namespace separator. */
export const scopeKey = (scope: ApiScope) => scope.replace(":", "_");

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

/** One key in a list: name, first characters, scopes, dates; and Revoke. Shared with the operator's view. */
export function ApiKeyItem({ item, showCreator, onRevoke }: { item: ApiKeyRow; showCreator?: boolean; onRevoke: () => void }) {
  const { t, i18n } = useTranslation("api");
  const date = (iso: string | null, none: string) =>
    iso ? new Intl.DateTimeFormat(i18n.language, { dateStyle: "medium" }).format(new Date(iso)) : none;
  const expired = item.expiresAt !== null && Date.parse(item.expiresAt) <= Date.now();
  const headingId = `key-${item.id}`;
  return (
    <li aria-labelledby={headingId} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 id={headingId} className="font-semibold wrap-anywhere text-slate-900">
            {item.name}
          </h3>
          <p className="mt-0.5 font-mono text-sm text-slate-700">{`${item.start}…`}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={onRevoke} aria-label={t("keys.revokeNamed", { name: item.name })}>
          {t("keys.revoke")}
        </Button>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
        <div className="flex gap-2">
          <dt className="text-slate-600">{t("keys.scopes")}:</dt>
          <dd className="text-slate-900">{item.scopes.map((s) => t(`scopes.${scopeKey(s)}.name`)).join(", ")}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">{t("keys.created")}:</dt>
          <dd className="text-slate-900">{date(item.createdAt, "")}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">{t("keys.lastUsed")}:</dt>
          <dd className="text-slate-900">{date(item.lastUsedAt, t("keys.neverUsed"))}</dd>
        </div>
        <div className="flex gap-2">
          <dt className="text-slate-600">{t("keys.expires")}:</dt>
          <dd className={expired ? "font-medium text-red-800" : "text-slate-900"}>
            {expired ? t("keys.expired") : date(item.expiresAt, t("keys.noExpiry"))}
          </dd>
        </div>
        {showCreator && item.createdBy && (
          <div className="flex gap-2 sm:col-span-2">
            <dt className="text-slate-600">{t("keys.createdBy")}:</dt>
            <dd className="wrap-anywhere text-slate-900">{`${item.createdBy.name} (${item.createdBy.email})`}</dd>
          </div>
        )}
      </dl>
    </li>
  );
}

/** The key just made, shown this once, with a button that copies it. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const { t } = useTranslation("api");
  return (
    <ShownOnce
      title={t("keys.createdTitle", { name: created.item.name })}
      note={t("keys.copyNow")}
      done={t("keys.doneCopying")}
      onDone={onDone}
    >
      <CopyField label={t("keys.yourKey")} value={created.key} copyLabel={t("keys.copyKey")} />
    </ShownOnce>
  );
}

/**
 * Creating, listing and revoking API keys (docs/decisions/094): the account's own keys, or a team's
 * for its admins (who then see who made each). The key is shown once, right after it is made.
 */
export function ApiKeysPanel({ owner }: { owner: KeyOwner }) {
  const { t } = useTranslation("api");
  const scopes: readonly ApiScope[] = owner.kind === "team" ? TEAM_KEY_SCOPES : API_SCOPES;
  const [keys, reload] = useLoad(`api-keys:${owner.kind === "team" ? owner.teamId : "me"}`, () => fetchApiKeys(owner));
  const [name, setName] = useState("");
  const [chosen, setChosen] = useState<ApiScope[]>(owner.kind === "team" ? ["teams:read"] : []);
  const [lifetime, setLifetime] = useState<ApiKeyLifetime>(90);
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyRow | null>(null);
  const [nameError, setNameError] = useState("");
  const create = useAction({ failure: t("keys.createFailed"), onDone: reload });
  const revoke = useAction({ failure: t("keys.revokeFailed"), onDone: reload });
  const ids = { name: useId(), lifetime: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = name.trim();
    setNameError(trimmed && trimmed.length <= API_KEY_NAME_MAX ? "" : t("keys.nameRequired", { max: API_KEY_NAME_MAX }));
    if (!trimmed || trimmed.length > API_KEY_NAME_MAX) return;
    if (chosen.length === 0) return create.setError(t("keys.scopeRequired"));
    await create.run(async () => {
      const answer = await createApiKey(owner, { name: trimmed, scopes: chosen, expiresInDays: lifetime });
      setCreated(answer);
      setName("");
    });
  }

  const toggle = (scope: ApiScope, on: boolean) => setChosen((c) => (on ? [...c, scope] : c.filter((s) => s !== scope)));
  return (
    <div className="space-y-6">
      <section aria-labelledby="create-key-title" className={card}>
        <h2 id="create-key-title" className="text-lg font-semibold text-slate-900">
          {t("keys.createTitle")}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{owner.kind === "team" ? t("keys.teamIntro") : t("keys.personalIntro")}</p>
        {created ? (
          <div className="mt-4">
            <NewKey created={created} onDone={() => setCreated(null)} />
          </div>
        ) : (
          <form onSubmit={submit} noValidate className="mt-4 space-y-4">
            <TextField
              look="compact"
              id={ids.name}
              label={t("keys.name")}
              hint={t("keys.nameHint")}
              value={name}
              maxLength={API_KEY_NAME_MAX}
              onChange={(e) => setName(e.target.value)}
              error={nameError || undefined}
            />
            <CheckGroup
              legend={t("keys.scopes")}
              options={scopes.map((scope) => ({
                value: scope,
                label: t(`scopes.${scopeKey(scope)}.name`),
                description: t(`scopes.${scopeKey(scope)}.description`),
              }))}
              checked={chosen}
              onChange={toggle}
            />
            <div>
              <label htmlFor={ids.lifetime} className="block text-sm font-medium text-slate-800">
                {t("keys.expiry")}
              </label>
              <select
                id={ids.lifetime}
                value={String(lifetime)}
                onChange={(e) => setLifetime(e.target.value === "none" ? null : (Number(e.target.value) as ApiKeyLifetime))}
                className="mt-1 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm"
              >
                {API_KEY_LIFETIMES.map((days) => (
                  <option key={String(days)} value={days === null ? "none" : String(days)}>
                    {days === null ? t("keys.never") : t("keys.days", { count: days })}
                  </option>
                ))}
              </select>
            </div>
            <FormMessages error={create.error} />
            <Button type="submit" variant="primary" size="md" disabled={create.busy}>
              {create.busy ? t("keys.creating") : t("keys.create")}
            </Button>
          </form>
        )}
      </section>

      <section aria-labelledby="key-list-title" className={card}>
        <h2 id="key-list-title" className="text-lg font-semibold text-slate-900">
          {t("keys.listTitle")}
        </h2>
        <FormMessages className="mt-3" error={revoke.error} notice={revoke.notice} />
        {keys.state === "loading" && <Spinner />}
        {keys.state === "failed" && (
          <p role="alert" className="mt-3 text-sm text-red-800">
            {keys.message || t("keys.loadFailed")}
          </p>
        )}
        {keys.state === "loaded" &&
          (keys.data.items.length === 0 ? (
            <p className="mt-3 text-sm text-slate-600">{t("keys.none")}</p>
          ) : (
            <ul className="mt-4 space-y-3">
              {keys.data.items.map((item) => (
                <ApiKeyItem key={item.id} item={item} showCreator={owner.kind === "team"} onRevoke={() => setRevoking(item)} />
              ))}
            </ul>
          ))}
        <p className="mt-4 text-sm text-slate-600">
          {t("keys.guide")}{" "}
          <LocalizedLink to="/developers" className="font-medium text-blue-800 underline underline-offset-4">
            {t("keys.guideLink")}
          </LocalizedLink>
        </p>
      </section>

      {revoking && (
        <RevokeKeyDialog
          item={revoking}
          revoke={(item) => revoke.run(() => revokeApiKey(owner, item.id), t("keys.revoked", { name: item.name }))}
          onClose={() => setRevoking(null)}
        />
      )}
    </div>
  );
}
