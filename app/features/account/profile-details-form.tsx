import { type FormEvent, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { nameProblem } from "../../../core/names";
import { usernameProblem } from "../../../core/username";
import { fetchManagedBy } from "../../api/sso";
import { authClient, type Session } from "../../identity/client";
import { authErrorMessage, errorCode } from "../../identity/errors";
import { Button, TextField } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { FormAlert } from "../../ui/form-alert";

type Field = "firstName" | "lastName" | "username";

const NAME_ERRORS = { required: "profile.errors.firstNameRequired", tooLong: "profile.errors.nameTooLong" } as const;
const USERNAME_ERRORS = { length: "profile.errors.usernameLength", characters: "profile.errors.usernameCharacters" } as const;

/** The profile form: first and last name and username, checked here and again on the server. */
export function ProfileDetailsForm({ session, onSaved }: { session: Session; onSaved: () => Promise<unknown> }) {
  const { t } = useTranslation(["account", "auth"]);
  const user = session.user as Session["user"] & { username?: string | null; displayUsername?: string | null };
  const [firstName, setFirstName] = useState(user.firstName ?? "");
  const [lastName, setLastName] = useState(user.lastName ?? "");
  const [username, setUsername] = useState(user.displayUsername ?? user.username ?? "");
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [alert, setAlert] = useState<string>();
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  /** The team whose identity provider manages the name and address (SPEC §6): they are shown, not edited. */
  const [managedBy, setManagedBy] = useState<string | null>(null);
  useEffect(() => {
    fetchManagedBy().then(setManagedBy, () => {});
  }, []);

  function check(): Partial<Record<Field, string>> {
    const found: Partial<Record<Field, string>> = {};
    const first = nameProblem(firstName, { required: true });
    if (first) found.firstName = t(NAME_ERRORS[first]);
    const last = nameProblem(lastName, { required: false });
    if (last) found.lastName = t(NAME_ERRORS[last]);
    const name = username.trim() ? usernameProblem(username.trim()) : null;
    if (name) found.username = t(USERNAME_ERRORS[name]);
    return found;
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    setSaved(false);
    setAlert(undefined);
    const found = check();
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    const nextUsername = username.trim();
    const changedUsername = nextUsername !== (user.displayUsername ?? user.username ?? "");
    const { error } = await authClient.updateUser({
      ...(managedBy ? {} : { firstName, lastName }),
      ...(changedUsername ? { username: nextUsername || null } : {}),
    } as Parameters<typeof authClient.updateUser>[0]);
    setBusy(false);
    if (error) {
      if (errorCode(error) === "form_identifier_exists__username") return setErrors({ username: t("profile.errors.usernameTaken") });
      return setAlert(authErrorMessage(t as never, error, "account:profile.errors.failed"));
    }
    await onSaved();
    setFirstName((v) => v.trim());
    setLastName((v) => v.trim());
    setSaved(true);
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      {alert && <FormAlert>{alert}</FormAlert>}
      {managedBy && <FormAlert tone="info">{t("profile.managedBy", { team: managedBy })}</FormAlert>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="first-name"
          label={t("profile.firstName")}
          autoComplete="given-name"
          required
          readOnly={managedBy !== null}
          value={firstName}
          error={errors.firstName}
          onChange={(e) => setFirstName(e.target.value)}
        />
        <TextField
          id="last-name"
          label={t("profile.lastName")}
          autoComplete="family-name"
          readOnly={managedBy !== null}
          value={lastName}
          error={errors.lastName}
          onChange={(e) => setLastName(e.target.value)}
        />
      </div>
      <TextField
        id="username"
        label={t("profile.username")}
        hint={t("profile.usernameHint")}
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={username}
        error={errors.username}
        onChange={(e) => setUsername(e.target.value)}
      />
      <div>
        <p className="mb-1.5 block text-sm font-medium text-slate-800">{t("profile.email")}</p>
        <p className="text-sm text-slate-700">
          <Breakable text={user.email} />
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="strong" size="md" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t("profile.saving") : t("profile.save")}
        </Button>
        <p role="status" className="text-sm text-green-800">
          {saved ? t("profile.saved") : ""}
        </p>
      </div>
    </form>
  );
}
