import { type FormEvent, useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { CreatedTeam } from "../../../core/api";
import { slugify, TEAM_NAME_MAX } from "../../../core/teams";
import { ApiRequestError } from "../../api/client";
import { createTeam } from "../../api/teams";
import { useLanguage } from "../../i18n";
import { Button, TextField } from "../../ui";
import { Dialog } from "../../ui/dialog";

/** A modal dialog that creates a team; the server derives its unique address and checks the plan. */
export function CreateTeamDialog({ onClose, onCreated }: { onClose: () => void; onCreated: (team: CreatedTeam) => void }) {
  const { t } = useTranslation("dashboard");
  const lang = useLanguage();
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const inputId = useId();

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError(t("createTeam.required"));
      return;
    }
    setBusy(true);
    setError(null);
    let team: CreatedTeam;
    try {
      team = await createTeam(name.trim(), lang);
    } catch (e) {
      // The server's message when it refused, else the generic one (also for a network failure).
      setError((e instanceof ApiRequestError && e.message) || t("createTeam.failed"));
      setBusy(false);
      return;
    }
    onCreated(team);
  }

  return (
    <Dialog look="form" onClose={onClose} title={t("createTeam.title")}>
      <form onSubmit={submit} noValidate className="mt-4 space-y-4">
        <TextField
          look="compact"
          id={inputId}
          label={t("createTeam.name")}
          value={name}
          maxLength={TEAM_NAME_MAX}
          onChange={(e) => {
            setName(e.target.value);
            setError(null);
          }}
          error={error ?? undefined}
          alertError
          note={name.trim() && <p className="mt-1 text-xs text-slate-600">{t("createTeam.slug", { slug: slugify(name) })}</p>}
        />
        <div className="flex justify-end gap-3">
          <Button variant="secondary" size="lg" weight="medium" onClick={onClose}>
            {t("createTeam.cancel")}
          </Button>
          <Button type="submit" variant="strong" size="lg" disabled={busy}>
            {busy ? t("createTeam.creating") : t("createTeam.submit")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
