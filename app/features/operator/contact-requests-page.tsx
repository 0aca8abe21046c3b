import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { CONTACT_STATES, type ContactState, HANDLED_NOTE_MAX, type OperatorContactRequest } from "../../../core/operator";
import { ApiRequestError } from "../../api/client";
import { operatorApi } from "../../api/operator";
import { useLoad } from "../../api/use-load";
import type { Session } from "../../identity/client";
import { Button, buttonClass, TextField } from "../../ui";
import { Breakable } from "../../ui/breakable";
import { Dialog } from "../../ui/dialog";
import { FormAlert } from "../../ui/form-alert";
import { Cell, Column, ConsoleList, ConsoleSearch, rowRange, usePageParam } from "./console-list";
import { LoadState, OperatorLayout, useDateTime } from "./operator-layout";

const STATE_LOOKS = {
  new: "bg-blue-50 text-blue-800 ring-blue-200",
  handled: "bg-green-50 text-green-800 ring-green-200",
  spam: "bg-slate-100 text-slate-700 ring-slate-300",
} as const;

/** /{lang}/admin/contact-requests: what came in through the contact form, and what became of it. */
export function ContactRequestsPage({ session }: { session: Session }) {
  const { t } = useTranslation("operator");
  const [params, setParams] = useSearchParams();
  const [page] = usePageParam();
  const state = CONTACT_STATES.find((s) => s === params.get("state"));
  const q = params.get("q") ?? "";
  const [load, reload] = useLoad(params.toString(), () => operatorApi.contactRequests({ q: q || undefined, state, page }));
  const [open, setOpen] = useState<OperatorContactRequest | null>(null);
  const when = useDateTime();

  return (
    <OperatorLayout session={session} title={t("contacts.title")} intro={t("contacts.intro")}>
      <ConsoleSearch
        id="contact-search"
        label={t("contacts.search")}
        initial={q}
        filters={[
          {
            name: "state",
            label: t("contacts.state"),
            value: state,
            options: CONTACT_STATES.map((s) => ({ value: s, label: t(`contacts.states.${s}`) })),
          },
        ]}
        onSearch={({ q: text, state: chosen }) => {
          const next = new URLSearchParams();
          if (text) next.set("q", text);
          if (chosen) next.set("state", chosen);
          setParams(next);
        }}
      />
      <p>
        <a href="/api/admin/contact-requests/export.csv" download className={buttonClass({ variant: "secondary", size: "sm" }, "bg-white")}>
          {t("contacts.export")}
        </a>
      </p>

      <LoadState load={load} />
      {load.state === "loaded" && (
        <ConsoleList
          id="contacts"
          list={load.data}
          empty={t("contacts.empty")}
          caption={t("contacts.tableCaption", rowRange(load.data))}
          head={
            <>
              {(["received", "from", "company", "state", "mails"] as const).map((c) => (
                <Column key={c}>{t(`contacts.columns.${c}`)}</Column>
              ))}
              <Column>
                <span className="sr-only">{t("contacts.open")}</span>
              </Column>
            </>
          }
        >
          {load.data.items.map((r) => (
            <tr key={r.id} className="border-b border-slate-100 align-top last:border-0">
              <Cell label={t("contacts.columns.received")} className="whitespace-nowrap text-slate-700">
                {when(r.createdAt)}
              </Cell>
              <Cell label={t("contacts.columns.from")} className="max-w-[16rem]">
                <Breakable className="block font-medium text-slate-900" text={r.name} />
                <Breakable className="block text-slate-600" text={r.email} />
              </Cell>
              <Cell label={t("contacts.columns.company")} className="max-w-[10rem] text-slate-700">
                {r.company ? <Breakable text={r.company} /> : "—"}
              </Cell>
              <Cell label={t("contacts.columns.state")}>
                <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ${STATE_LOOKS[r.state]}`}>
                  {t(`contacts.states.${r.state}`)}
                </span>
              </Cell>
              <Cell label={t("contacts.columns.mails")} className="text-slate-700">
                <MailCounts mails={r.mails} />
              </Cell>
              <Cell>
                <Button variant="secondary" size="xs" onClick={() => setOpen(r)} aria-label={`${t("contacts.open")}: ${r.name}`}>
                  {t("contacts.open")}
                </Button>
              </Cell>
            </tr>
          ))}
        </ConsoleList>
      )}
      {open && (
        <ContactDialog
          request={open}
          onClose={() => setOpen(null)}
          onChanged={() => {
            setOpen(null);
            reload();
          }}
        />
      )}
    </OperatorLayout>
  );
}

function MailCounts({ mails }: { mails: OperatorContactRequest["mails"] }) {
  const { t } = useTranslation("operator");
  return (
    <>
      <span className="block">{t("contacts.mails", { sent: mails.sent })}</span>
      {mails.waiting > 0 && <span className="block text-amber-800">{t("contacts.mailsWaiting", { count: mails.waiting })}</span>}
      {mails.failed > 0 && <span className="block font-medium text-red-800">{t("contacts.mailsFailed", { count: mails.failed })}</span>}
    </>
  );
}

function ContactDialog({ request, onClose, onChanged }: { request: OperatorContactRequest; onClose: () => void; onChanged: () => void }) {
  const { t } = useTranslation("operator");
  const when = useDateTime();
  const [note, setNote] = useState(request.note ?? "");
  const [error, setError] = useState("");
  const [notice, setNotice] = useState("");
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<string | null>) => {
    setBusy(true);
    setError("");
    try {
      const message = await action();
      if (message) setNotice(message);
      else onChanged();
    } catch (e) {
      setError((e instanceof ApiRequestError && e.message) || t("errors.actionFailed"));
    } finally {
      setBusy(false);
    }
  };
  const change = (state: ContactState) =>
    run(async () => {
      await operatorApi.setContactState(request.id, { state, note: state === "handled" ? note : undefined });
      return null;
    });

  return (
    <Dialog onClose={onClose} title={t("contacts.dialogTitle", { name: request.name })} look="panel">
      <div className="mt-4 space-y-4 text-sm">
        {error && <FormAlert>{error}</FormAlert>}
        <div aria-live="polite">{notice && <FormAlert tone="info">{notice}</FormAlert>}</div>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
          <dt className="font-medium text-slate-600">{t("contacts.columns.received")}</dt>
          <dd>{when(request.createdAt)}</dd>
          <dt className="font-medium text-slate-600">{t("contacts.columns.from")}</dt>
          <dd className="min-w-0">
            <Breakable className="block" text={request.name} />
            <Breakable className="block" text={request.email} />
          </dd>
          <dt className="font-medium text-slate-600">{t("contacts.columns.company")}</dt>
          <dd className="min-w-0 break-words">{request.company ?? "—"}</dd>
          <dt className="font-medium text-slate-600">{t("contacts.language")}</dt>
          <dd>{t(`languages.${request.language}`, { defaultValue: request.language })}</dd>
          <dt className="font-medium text-slate-600">{t("contacts.columns.mails")}</dt>
          <dd>
            <MailCounts mails={request.mails} />
          </dd>
        </dl>
        <div>
          <h3 className="font-medium text-slate-900">{t("contacts.message")}</h3>
          <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{request.message || t("contacts.noMessage")}</p>
        </div>
        {request.handledAt && (
          <p className="text-slate-700">{t("contacts.handledBy", { who: request.handledBy ?? "—", date: when(request.handledAt) })}</p>
        )}
        <TextField
          id="contact-note"
          look="compact"
          multiline={3}
          maxLength={HANDLED_NOTE_MAX}
          label={t("contacts.note")}
          value={note}
          onChange={(e) => setNote(e.target.value)}
        />
        <div className="flex flex-wrap gap-3">
          <Button variant="strong" size="md" disabled={busy} onClick={() => change("handled")}>
            {t("contacts.markHandled")}
          </Button>
          {request.state !== "spam" && (
            <Button variant="secondary" size="md" disabled={busy} onClick={() => change("spam")}>
              {t("contacts.markSpam")}
            </Button>
          )}
          {request.state !== "new" && (
            <Button variant="secondary" size="md" disabled={busy} onClick={() => change("new")}>
              {t("contacts.reopen")}
            </Button>
          )}
          {request.mails.failed > 0 && (
            <Button
              variant="secondary"
              size="md"
              disabled={busy}
              onClick={() => run(async () => t("contacts.retried", { count: (await operatorApi.retryContactMails(request.id)).retried }))}
            >
              {t("contacts.retry")}
            </Button>
          )}
          <Button variant="quiet" size="md" onClick={onClose}>
            {t("contacts.close")}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}
