import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OperatorUserDetail } from "../../../core/operator";
import { operatorApi } from "../../api/operator";
import { useAction } from "../../api/use-action";
import { Button, TextField } from "../../ui";
import { FormAlert } from "../../ui/form-alert";
import { OperatorSection, useDateTime } from "./operator-layout";

/** Grants pro without payment (until a chosen day, or without end), or ends the running grant. */
export function ComplimentarySection({ user, onChanged }: { user: OperatorUserDetail; onChanged: () => void }) {
  const { t } = useTranslation("operator");
  const when = useDateTime();
  const [until, setUntil] = useState("");
  const { run, busy, error, notice } = useAction({ failure: t("errors.actionFailed"), onDone: onChanged });
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const plan = user.complimentary;

  const grant = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      // The plan ends at the end of the chosen day, in the operator's time zone.
      await operatorApi.grantComplimentary(user.id, { endsAt: until ? new Date(`${until}T23:59:59`).toISOString() : null });
      setUntil("");
      return t("user.complimentary.granted");
    });
  };

  return (
    <OperatorSection id="user-complimentary" title={t("user.complimentary.title")}>
      <div className="space-y-3 text-sm">
        {plan ? (
          <>
            <p className="text-slate-900">
              {plan.endsAt ? t("user.complimentary.runsUntil", { date: when(plan.endsAt) }) : t("user.complimentary.runsWithoutEnd")}
            </p>
            <Button
              variant="secondary"
              size="md"
              disabled={busy}
              onClick={() =>
                run(async () => {
                  await operatorApi.endComplimentary(user.id);
                  return t("user.complimentary.ended");
                })
              }
            >
              {t("user.complimentary.end")}
            </Button>
          </>
        ) : (
          <form onSubmit={grant} className="space-y-3" noValidate>
            <p className="text-slate-700">{t("user.complimentary.intro")}</p>
            <TextField
              id="complimentary-until"
              look="compact"
              type="date"
              min={tomorrow}
              label={t("user.complimentary.until")}
              hint={t("user.complimentary.untilHint")}
              value={until}
              onChange={(e) => setUntil(e.target.value)}
            />
            <Button type="submit" variant="secondary" size="md" disabled={busy}>
              {t("user.complimentary.grant")}
            </Button>
          </form>
        )}
        <div aria-live="polite" className="empty:hidden">
          {notice && <FormAlert tone="info">{notice}</FormAlert>}
        </div>
        {error && <FormAlert>{error}</FormAlert>}
      </div>
    </OperatorSection>
  );
}
