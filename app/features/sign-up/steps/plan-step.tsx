import { type FormEvent, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { CATALOGUE, catalogueKeyOf, formatMonthlyPrice, type PlanType } from "../../../../core/plans";
import { TEAM_NAME_MAX } from "../../../../core/teams";
import { LocalizedLink } from "../../../i18n";
import { linkClass, TextField } from "../../../ui";
import { FormAlert } from "../../../ui/form-alert";
import { FormButton } from "../../auth-shell/form-button";
import { StepHeading } from "../../auth-shell/step-heading";
import { useFocusFirst } from "../../auth-shell/use-focus-first";
import { LegalConsentField } from "../legal-dialog";

/** Step 1: Free (the individual plan) or Pro; pro needs a non-blank team name; the terms must be agreed to. */
export function PlanStep({
  planType,
  teamName,
  legalConsent,
  onConsent,
  onChange,
  onNext,
  busy,
  error,
  autoFocus,
  invitation,
}: {
  planType: PlanType;
  teamName: string;
  legalConsent: boolean;
  onConsent: (checked: boolean) => void;
  onChange: (plan: { planType: PlanType; teamName: string }) => void;
  onNext: () => void;
  busy?: boolean;
  error?: string;
  autoFocus?: boolean;
  /** Signing up to answer a team invitation: no plan to choose, the account starts on Free. */
  invitation?: { teamName: string };
}) {
  const { t, i18n } = useTranslation("auth");
  // A plan is named and priced as on the pricing page (docs/decisions/150).
  const planName = (value: PlanType) => t(`common:plans.${catalogueKeyOf(value)}`);
  const price = (value: PlanType) => formatMonthlyPrice(CATALOGUE[catalogueKeyOf(value)].monthlyCents ?? 0, i18n.language);
  const [teamError, setTeamError] = useState<string>();
  const [consentError, setConsentError] = useState<string>();
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirst(formRef, invitation ? "#legal-consent" : 'input[name="planType"]:checked', autoFocus);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const missingTeam = planType === "pro" && !teamName.trim();
    if (missingTeam) setTeamError(t("signUp.planSelection.teamNameRequired"));
    if (!legalConsent) setConsentError(t("legal.consentRequired"));
    if (missingTeam) return;
    if (!legalConsent) return formRef.current?.querySelector<HTMLElement>("#legal-consent")?.focus();
    onNext();
  };
  const option = (value: PlanType) => (
    <label
      className={`flex cursor-pointer gap-3 rounded-xl border p-4 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-blue-600 ${
        planType === value ? "border-blue-600 bg-blue-50" : "border-slate-300 hover:border-slate-400"
      }`}
    >
      <input
        type="radio"
        name="planType"
        value={value}
        checked={planType === value}
        onChange={() => {
          setTeamError(undefined);
          onChange({ planType: value, teamName: value === "individual" ? "" : teamName });
        }}
        className="mt-1 size-4 accent-blue-600"
      />
      <span>
        <span className="block font-semibold text-slate-900">{planName(value)}</span>
        <span className="block text-sm text-slate-600">{t(`signUp.planSelection.${value}.description`, { price: price(value) })}</span>
      </span>
    </label>
  );
  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      {invitation ? (
        <>
          <StepHeading title={t("signUp.invited.title", { team: invitation.teamName })} autoFocus={false} />
          <p className="rounded-xl border border-blue-200 bg-blue-50 p-4 text-sm wrap-anywhere text-slate-800">
            {t("signUp.invited.text", { team: invitation.teamName, plan: planName("individual") })}
          </p>
        </>
      ) : (
        <>
          <StepHeading title={t("signUp.planSelection.title")} subtitle={t("signUp.planSelection.subtitle")} autoFocus={false} />
          <fieldset className="space-y-3">
            <legend className="sr-only">{t("signUp.planSelection.legend")}</legend>
            {option("individual")}
            {option("pro")}
          </fieldset>
        </>
      )}
      {planType === "pro" && !invitation && (
        <TextField
          id="team-name"
          label={t("signUp.planSelection.teamName")}
          hint={t("signUp.planSelection.teamNameHint")}
          value={teamName}
          maxLength={TEAM_NAME_MAX}
          autoComplete="organization"
          required
          error={teamError}
          onChange={(e) => {
            setTeamError(undefined);
            onChange({ planType, teamName: e.target.value });
          }}
        />
      )}
      {error && <FormAlert>{error}</FormAlert>}
      <LegalConsentField
        checked={legalConsent}
        error={consentError}
        onChange={(checked) => {
          setConsentError(undefined);
          onConsent(checked);
        }}
      />
      <FormButton type="submit" disabled={busy}>
        {t("next")}
      </FormButton>
      <p className="text-center text-sm text-slate-600">
        {t("signUp.planSelection.haveAccount")}{" "}
        <LocalizedLink to="/sign-in" className={linkClass}>
          {t("signUp.planSelection.signIn")}
        </LocalizedLink>
      </p>
    </form>
  );
}
