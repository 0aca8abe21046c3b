import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { SsoConnection, TeamView } from "../../../core/api";
import { ApiRequestError } from "../../api/client";
import { addSamlConnection } from "../../api/sso";
import { useAction } from "../../api/use-action";
import { useLanguage } from "../../i18n";
import { Button, TextField } from "../../ui";
import { CopyField } from "../../ui/copy-field";
import { FormAlert } from "../../ui/form-alert";
import { ConnectionOptions, useConnectionOptions } from "./sso-connection-options";

type FieldErrors = { metadataXml?: string; metadataUrl?: string };

/** Our service provider's addresses for one SAML connection, for its provider's admin to copy. */
export function SamlAddresses({ saml }: { saml: NonNullable<SsoConnection["saml"]> }) {
  const { t } = useTranslation("teams");
  return (
    <div className="space-y-3 rounded-xl bg-slate-50 p-3">
      <p className="text-sm text-slate-700">{t("sso.spHint")}</p>
      <CopyField label={t("sso.spMetadataUrl")} value={saml.spMetadataUrl} />
      <CopyField label={t("sso.spEntityId")} value={saml.spEntityId} />
      <CopyField label={t("sso.acsUrl")} value={saml.acsUrl} />
    </div>
  );
}

/**
 * A new SAML 2.0 connection: the provider's metadata pasted as XML or its address (read once when
 * saved), and the options every connection has. The server says which field it cannot use.
 */
export function AddSamlConnection({ team, domains, onAdded }: { team: TeamView; domains: string[]; onAdded: () => Promise<void> }) {
  const { t } = useTranslation("teams");
  const lang = useLanguage();
  const ids = useId();
  const [metadataXml, setMetadataXml] = useState("");
  const [metadataUrl, setMetadataUrl] = useState("");
  const options = useConnectionOptions();
  const [fields, setFields] = useState<FieldErrors>({});
  const action = useAction({
    failure: (e) => {
      if (e instanceof ApiRequestError && e.errors) setFields(e.errors as FieldErrors);
      return (e instanceof ApiRequestError && e.message) || t("sso.failed");
    },
    onDone: onAdded,
  });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFields({});
    if ((!metadataXml.trim() && !metadataUrl.trim()) || options.values.domains.length === 0)
      return action.setError(t("errors.ssoInvalidConnection"));
    const saved = await action.run(
      () =>
        addSamlConnection(
          team.id,
          {
            metadataXml: metadataXml.trim() || undefined,
            metadataUrl: metadataUrl.trim() || undefined,
            ...options.values,
          },
          lang,
        ),
      t("sso.samlAdded"),
    );
    if (saved) {
      setMetadataXml("");
      setMetadataUrl("");
      options.clearDomains();
    }
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 p-4">
      <h3 className="font-semibold text-slate-900">{t("sso.addSaml")}</h3>
      <TextField
        id={`${ids}-xml`}
        label={t("sso.metadataXml")}
        hint={t("sso.metadataXmlHint")}
        multiline={5}
        spellCheck={false}
        value={metadataXml}
        error={fields.metadataXml}
        onChange={(e) => setMetadataXml(e.target.value)}
      />
      <TextField
        id={`${ids}-url`}
        label={t("sso.metadataUrl")}
        hint={t("sso.metadataUrlHint")}
        type="url"
        value={metadataUrl}
        error={fields.metadataUrl}
        onChange={(e) => setMetadataUrl(e.target.value)}
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
