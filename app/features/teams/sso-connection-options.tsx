import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { SSO_DEFAULT_ROLES } from "../../../core/api/sso";

type Role = (typeof SSO_DEFAULT_ROLES)[number];

/** The state of the options below for a new connection's form: what the form sends, and the fields' props. */
export function useConnectionOptions() {
  const [chosen, setChosen] = useState<string[]>([]);
  const [defaultRole, setDefaultRole] = useState<Role>("member");
  const [provisioning, setProvisioning] = useState(true);
  return {
    values: { domains: chosen, defaultRole, provisioning },
    fields: { chosen, onChosen: setChosen, defaultRole, onDefaultRole: setDefaultRole, provisioning, onProvisioning: setProvisioning },
    clearDomains: () => setChosen([]),
  };
}

/** What every kind of connection asks beside its provider: the domains it serves, new people's role, and whether it creates accounts. */
export function ConnectionOptions(props: {
  domains: string[];
  chosen: string[];
  onChosen: (domains: string[]) => void;
  defaultRole: Role;
  onDefaultRole: (role: Role) => void;
  provisioning: boolean;
  onProvisioning: (on: boolean) => void;
}) {
  const { t } = useTranslation("teams");
  const id = useId();
  const { chosen } = props;
  return (
    <>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{t("sso.domains")}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {props.domains.map((d) => (
            <label key={d} className="flex items-center gap-2 text-sm break-all text-slate-900">
              <input
                type="checkbox"
                checked={chosen.includes(d)}
                onChange={(e) => props.onChosen(e.target.checked ? [...chosen, d] : chosen.filter((x) => x !== d))}
              />
              {d}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${id}-role`} className="block text-sm font-medium text-slate-800">
          {t("sso.defaultRole")}
        </label>
        <select
          id={`${id}-role`}
          value={props.defaultRole}
          onChange={(e) => props.onDefaultRole(e.target.value as Role)}
          className="mt-1 rounded-lg border border-slate-300 px-3 py-2"
        >
          {SSO_DEFAULT_ROLES.map((r) => (
            <option key={r} value={r}>
              {t(`roles.${r}`)}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 text-sm text-slate-900">
        <input type="checkbox" checked={props.provisioning} onChange={(e) => props.onProvisioning(e.target.checked)} />
        {t("sso.provisioning")}
      </label>
    </>
  );
}
