import { type FormEvent, useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { slugify, TEAM_NAME_MAX } from "../../../core/teams";
import { ApiRequestError } from "../../api/client";
import { createTeam } from "../../api/teams";
import { useLanguage } from "../../i18n/use-language";

/** A modal dialog that creates a team; the server derives its unique address and checks the plan. */
export function CreateTeamDialog({ onClose, onCreated }: { onClose: () => void; onCreated: () => void }) {
  const { t } = useTranslation("dashboard");
  const lang = useLanguage();
  const dialog = useRef<HTMLDialogElement>(null);
  const [name, setName] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const titleId = useId();
  const errorId = useId();

  useEffect(() => {
    const el = dialog.current;
    el?.showModal();
    return () => el?.close();
  }, []);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!name.trim()) {
      setError(t("createTeam.required"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await createTeam(name.trim(), lang);
    } catch (e) {
      // The server's message when it refused, else the generic one (also for a network failure).
      setError((e instanceof ApiRequestError && e.message) || t("createTeam.failed"));
      setBusy(false);
      return;
    }
    onCreated();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onCancel={onClose}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-2xl border border-slate-200 p-0 shadow-xl backdrop:bg-slate-900/40"
    >
      <form onSubmit={submit} noValidate className="space-y-4 p-6">
        <h2 id={titleId} className="text-xl font-semibold text-slate-900">
          {t("createTeam.title")}
        </h2>
        <div>
          <label htmlFor={`${titleId}-name`} className="block text-sm font-medium text-slate-800">
            {t("createTeam.name")}
          </label>
          <input
            id={`${titleId}-name`}
            value={name}
            maxLength={TEAM_NAME_MAX}
            onChange={(e) => {
              setName(e.target.value);
              setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className={`mt-1 w-full rounded-lg border px-3 py-2 ${error ? "border-red-600" : "border-slate-300"}`}
          />
          {name.trim() && <p className="mt-1 text-xs text-slate-600">{t("createTeam.slug", { slug: slugify(name) })}</p>}
          {error && (
            <p id={errorId} role="alert" className="mt-1 text-sm text-red-800">
              {error}
            </p>
          )}
        </div>
        <div className="flex justify-end gap-3">
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
          >
            {t("createTeam.cancel")}
          </button>
          <button
            type="submit"
            disabled={busy}
            className="rounded-lg bg-blue-700 px-4 py-2 font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
          >
            {busy ? t("createTeam.creating") : t("createTeam.submit")}
          </button>
        </div>
      </form>
    </dialog>
  );
}
