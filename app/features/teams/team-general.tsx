import { type FormEvent, useEffect, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TeamDeletion, TeamView } from "../../../core/api";
import { isValidSlug, matchesTeamName, roleCan, SLUG_MAX, TEAM_NAME_MAX } from "../../../core/teams";
import { openBillingPortal } from "../../api/billing";
import { ApiRequestError } from "../../api/client";
import { deleteTeam, fetchTeamDeletion, removeTeamLogo, uploadTeamLogo } from "../../api/teams";
import { useLanguage } from "../../i18n";
import { authClient } from "../../identity/client";
import { Button, TextField } from "../../ui";
import { ConfirmDialog } from "../../ui/confirm-dialog";
import { FormAlert } from "../../ui/form-alert";
import { ImageUpload } from "../../ui/image-upload";
import { TeamLogo } from "../../ui/team-logo";

import { TeamDomains } from "./team-domains";
import { rememberTeamNotice } from "./team-notice";

const card = "rounded-2xl border border-slate-200 bg-white p-5 shadow-sm";

/** The server's translated message of a refused identity call, else the screen's fallback. */
const messageOf = (error: { message?: string } | null | undefined, fallback: string) => error?.message || fallback;

function ProfileForm({ team, onSaved }: { team: TeamView; onSaved: () => Promise<void> }) {
  const { t } = useTranslation("teams");
  const [name, setName] = useState(team.name);
  const [slug, setSlug] = useState(team.slug ?? "");
  const [errors, setErrors] = useState<{ name?: string; slug?: string; form?: string }>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const nameId = useId();
  const slugId = useId();
  const canEdit = roleCan(team.role, { organization: ["update"] });

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    const next = {
      name: name.trim() ? undefined : t("general.nameRequired"),
      slug: isValidSlug(slug) ? undefined : t("errors.slug"),
    };
    setErrors(next);
    if (next.name || next.slug) return;
    setBusy(true);
    const { error } = await authClient.organization.update({ organizationId: team.id, data: { name: name.trim(), slug } });
    setBusy(false);
    if (error) {
      const field = error.code === "slug_taken" || error.code === "invalid_slug" ? "slug" : "form";
      setErrors({ [field]: messageOf(error, t("general.saveFailed")) });
      return;
    }
    setSaved(true);
    await onSaved();
  }

  return (
    <section aria-labelledby="profile-title" className={card}>
      <h2 id="profile-title" className="text-lg font-semibold text-slate-900">
        {t("general.title")}
      </h2>
      {canEdit ? (
        <form onSubmit={submit} noValidate className="mt-4 max-w-lg space-y-4">
          <TextField
            look="compact"
            id={nameId}
            label={t("general.name")}
            value={name}
            maxLength={TEAM_NAME_MAX}
            onChange={(e) => setName(e.target.value)}
            error={errors.name}
          />
          <TextField
            look="compact"
            id={slugId}
            label={t("general.slug")}
            hint={t("general.slugHint")}
            value={slug}
            maxLength={SLUG_MAX}
            onChange={(e) => setSlug(e.target.value)}
            error={errors.slug}
          />
          {errors.form && <FormAlert>{errors.form}</FormAlert>}
          {saved && <FormAlert tone="info">{t("general.saved")}</FormAlert>}
          <Button type="submit" variant="strong" size="lg" disabled={busy}>
            {busy ? t("general.saving") : t("general.save")}
          </Button>
        </form>
      ) : (
        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-[10rem_1fr]">
          <dt className="font-medium text-slate-700">{t("general.name")}</dt>
          <dd className="wrap-anywhere text-slate-900">{team.name}</dd>
          {team.slug && (
            <>
              <dt className="font-medium text-slate-700">{t("general.slug")}</dt>
              <dd className="break-all text-slate-900">{team.slug}</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}

function DangerZone({ team }: { team: TeamView }) {
  const { t } = useTranslation("teams");
  const lang = useLanguage();
  const [dialog, setDialog] = useState<"leave" | "delete" | null>(null);
  // Deleting cannot be undone: the team's name is typed first, under the server's rule. Leaving is
  // a plain confirmation: the team stays, and an admin can invite the person again (docs/decisions/148).
  const byName = {
    label: t("danger.typeName", { name: team.name }),
    matches: (v: string) => matchesTeamName(v, team.name),
    mismatch: t("errors.confirmName"),
  };
  const [deletion, setDeletion] = useState<TeamDeletion | null>(null);
  const canDelete = roleCan(team.role, { organization: ["delete"] });

  useEffect(() => {
    if (dialog === "delete") void fetchTeamDeletion(team.id).then(setDeletion, () => setDeletion(null));
  }, [dialog, team.id]);

  async function leave() {
    const { error } = await authClient.organization.leave({ organizationId: team.id });
    if (error) return messageOf(error, t("danger.failed"));
    // A full load, so the page starts from the session without the team; it says what happened.
    rememberTeamNotice({ kind: "left", name: team.name });
    window.location.assign(`/${lang}/teams`);
    return null;
  }

  async function remove() {
    try {
      await deleteTeam(team.id, team.name, lang);
    } catch (error) {
      return (error instanceof ApiRequestError && error.message) || t("danger.failed");
    }
    rememberTeamNotice({ kind: "deleted", name: team.name });
    window.location.assign(`/${lang}/teams`);
    return null;
  }

  return (
    <section aria-labelledby="danger-title" className="rounded-2xl border border-red-200 bg-white p-5 shadow-sm">
      <h2 id="danger-title" className="text-lg font-semibold text-red-800">
        {t("danger.title")}
      </h2>
      <div className="mt-4 space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div className="min-w-0">
            <h3 className="font-medium text-slate-900">{t("danger.leaveTitle")}</h3>
            <p className="text-sm text-slate-600">{t("danger.leaveText")}</p>
          </div>
          <Button variant="secondary" size="md" className="bg-white" onClick={() => setDialog("leave")}>
            {t("danger.leave")}
          </Button>
        </div>
        {canDelete && (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-slate-100 pt-4">
            <div className="min-w-0">
              <h3 className="font-medium text-slate-900">{t("danger.deleteTitle")}</h3>
              <p className="text-sm text-slate-600">{t("danger.deleteText")}</p>
            </div>
            <Button variant="danger" size="md" onClick={() => setDialog("delete")}>
              {t("danger.delete")}
            </Button>
          </div>
        )}
      </div>
      {dialog === "leave" && (
        <ConfirmDialog
          title={t("danger.leaveDialog", { name: team.name })}
          confirm={t("danger.leave")}
          busyConfirm={t("danger.leaving")}
          cancel={t("danger.cancel")}
          onClose={() => setDialog(null)}
          onConfirm={leave}
        >
          {t("danger.leaveText")}
        </ConfirmDialog>
      )}
      {dialog === "delete" && (
        <ConfirmDialog
          title={t("danger.deleteDialog", { name: team.name })}
          typed={byName}
          confirm={t("danger.delete")}
          busyConfirm={t("danger.deleting")}
          cancel={t("danger.cancel")}
          onClose={() => setDialog(null)}
          onConfirm={remove}
        >
          <p className="text-sm text-slate-700">{t("danger.deleteText")}</p>
          {deletion && (
            <p className="rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
              {deletion.cancelsSubscription ? t("danger.subscriptionCanceled") : t("danger.subscriptionStays")}
            </p>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}

/** The billing portal of the team's subscription, for those allowed to manage billing. */
function BillingLink({ team }: { team: TeamView }) {
  const { t } = useTranslation("teams");
  const lang = useLanguage();
  if (!roleCan(team.role, { billing: ["manage"] })) return null;
  return (
    <section aria-labelledby="billing-title" className={card}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="min-w-0">
          <h2 id="billing-title" className="text-lg font-semibold text-slate-900">
            {t("general.billingTitle")}
          </h2>
          <p className="text-sm text-slate-600">{t("general.billingText")}</p>
        </div>
        <Button variant="secondary" size="md" className="bg-white" onClick={() => openBillingPortal(lang, team.id)}>
          {t("general.manageBilling")}
        </Button>
      </div>
    </section>
  );
}

/** The team's logo, changed by admins under the image rules of profile images. */
function LogoSection({ team, onSaved }: { team: TeamView; onSaved: () => Promise<void> }) {
  const { t } = useTranslation("teams");
  return (
    <section aria-labelledby="logo-title" className={card}>
      <h2 id="logo-title" className="mb-4 text-lg font-semibold text-slate-900">
        {t("logo.title")}
      </h2>
      <ImageUpload
        preview={<TeamLogo name={team.name} logo={team.logo} size="lg" alt={t("logo.alt", { name: team.name })} />}
        hasImage={Boolean(team.logo)}
        texts={{
          hint: t("logo.hint"),
          upload: t("logo.upload"),
          uploading: t("logo.uploading"),
          remove: t("logo.remove"),
          saved: t("logo.saved"),
          removed: t("logo.removed"),
          tooLarge: t("logo.tooLarge"),
        }}
        onUpload={async (file) => {
          await uploadTeamLogo(team.id, file);
          await onSaved();
        }}
        onRemove={async () => {
          await removeTeamLogo(team.id);
          await onSaved();
        }}
        errorOf={(failure) => (failure instanceof ApiRequestError && failure.message) || t("logo.failed")}
      />
    </section>
  );
}

/** /teams/{id}: the team's name, slug and logo (editable by admins), its billing portal, and the danger section. */
export function TeamGeneral({ team, reload }: { team: TeamView; reload: () => Promise<void> }) {
  return (
    <>
      {roleCan(team.role, { organization: ["update"] }) && <LogoSection team={team} onSaved={reload} />}
      <ProfileForm key={`${team.name}/${team.slug}`} team={team} onSaved={reload} />
      <TeamDomains team={team} />
      <BillingLink team={team} />
      <DangerZone team={team} />
    </>
  );
}
