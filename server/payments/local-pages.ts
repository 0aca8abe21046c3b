import type { TFunction } from "i18next";
import { formatMonthlyPrice, PRO_MONTHLY_CENTS } from "../../core/plans.js";
import { escapeHtml } from "../mail/layout.js";
import type { SubscriptionSnapshot } from "./provider.js";

const STYLE = `
*{box-sizing:border-box}body{margin:0;font-family:system-ui,-apple-system,"Segoe UI",Roboto,Arial,sans-serif;background:#f4f6fb;color:#111827;line-height:1.5}
main{max-width:40rem;margin:0 auto;padding:2.5rem 1rem}
.card{background:#fff;border:1px solid #e5e7eb;border-radius:1rem;padding:2rem;box-shadow:0 1px 3px rgba(0,0,0,.06)}
h1{font-size:1.5rem;margin:0 0 1rem}.notice{background:#fef3c7;border:1px solid #f59e0b;color:#78350f;border-radius:.75rem;padding:.75rem 1rem;margin:0 0 1.5rem;font-weight:600}
dl{display:grid;grid-template-columns:auto 1fr;gap:.5rem 1rem;margin:0 0 1.5rem}dt{color:#4b5563}dd{margin:0;font-weight:600}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;align-items:center}
button,.link{font:inherit;border-radius:.5rem;padding:.625rem 1.25rem;cursor:pointer;text-decoration:none;display:inline-block}
button{background:#1d4ed8;color:#fff;border:0;font-weight:600}button:hover{background:#1e40af}
.link{color:#1d4ed8;border:1px solid #c7d2fe;background:#fff}
.link.primary{background:#1d4ed8;color:#fff;border-color:#1d4ed8;font-weight:600}.link.primary:hover{background:#1e40af}
button.quiet{background:#fff;color:#b91c1c;border:1px solid #fca5a5;font-weight:500}button.quiet:hover{background:#fef2f2}
button:focus-visible,.link:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
p{margin:0 0 1rem}
@media (max-width:30rem){dl{grid-template-columns:1fr;gap:.125rem}dd{margin-bottom:.625rem}.card{padding:1.25rem}}`;

/** A standalone page of the local payment provider; the content must already be escaped. */
function localPage(lang: string, t: TFunction, title: string, body: string): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex, nofollow"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)} | ${escapeHtml(t("billing:local.brand"))}</title><style>${STYLE}</style></head>
<body><main id="main"><div class="card"><h1>${escapeHtml(title)}</h1>
<p class="notice" role="note">${escapeHtml(t("billing:local.noPayment"))}</p>${body}</div></main></body></html>`;
}

const formatDate = (lang: string, d: Date | null) =>
  d ? new Intl.DateTimeFormat(lang === "de" ? "de-DE" : "en-GB", { dateStyle: "long", timeZone: "UTC" }).format(d) : "";

export function checkoutPage(lang: string, t: TFunction, input: { trial: boolean; teamName: string | null; cancelUrl: string }) {
  const rows = [
    [t("billing:local.plan"), t("billing:local.planPro")],
    ...(input.teamName ? [[t("billing:local.team"), input.teamName]] : []),
    [t("billing:local.price"), t("billing:local.priceValue")],
    [t("billing:local.trial"), input.trial ? t("billing:local.trialValue") : t("billing:local.noTrial")],
    // What the subscription costs from then on, as the pricing page says (docs/decisions/150).
    [
      input.trial ? t("billing:local.afterTrial") : t("billing:local.pricePerMonth"),
      t("billing:local.perMonth", { price: formatMonthlyPrice(PRO_MONTHLY_CENTS, lang) }),
    ],
  ];
  const list = rows.map(([k, v]) => `<dt>${escapeHtml(k ?? "")}</dt><dd>${escapeHtml(v ?? "")}</dd>`).join("");
  return localPage(
    lang,
    t,
    t("billing:local.checkoutTitle"),
    `<dl>${list}</dl><form method="post" class="actions"><button type="submit">${escapeHtml(
      input.trial ? t("billing:local.confirmTrial") : t("billing:local.confirm"),
    )}</button><a class="link" href="${escapeHtml(input.cancelUrl)}">${escapeHtml(t("billing:local.cancelCheckout"))}</a></form>`,
  );
}

export function billingPage(lang: string, t: TFunction, sub: SubscriptionSnapshot | undefined, now = new Date()) {
  const back = `<a class="link" href="/${lang}/dashboard">${escapeHtml(t("billing:local.back"))}</a>`;
  if (!sub)
    return localPage(
      lang,
      t,
      t("billing:local.billingTitle"),
      `<p>${escapeHtml(t("billing:local.none"))}</p><div class="actions">${back}</div>`,
    );
  const live = sub.status === "trialing" || sub.status === "active";
  const ended = sub.currentPeriodEnd !== null && sub.currentPeriodEnd <= now;
  const statusKey = !live || ended ? "ended" : sub.cancelAtPeriodEnd ? "canceling" : sub.status;
  const rows = [
    [t("billing:local.plan"), t("billing:local.planPro")],
    [t("billing:local.status"), t(`billing:local.statuses.${statusKey}`)],
    ...(sub.status === "trialing" && sub.trialEnd ? [[t("billing:local.trialEnds"), formatDate(lang, sub.trialEnd)]] : []),
    ...(sub.currentPeriodEnd && live
      ? [[sub.cancelAtPeriodEnd ? t("billing:local.endsOn") : t("billing:local.renewsOn"), formatDate(lang, sub.currentPeriodEnd)]]
      : []),
  ];
  const list = rows.map(([k, v]) => `<dt>${escapeHtml(k ?? "")}</dt><dd>${escapeHtml(v ?? "")}</dd>`).join("");
  if (!live || ended) return localPage(lang, t, t("billing:local.billingTitle"), `<dl>${list}</dl><div class="actions">${back}</div>`);
  // Resuming posts at once; cancelling first asks (a GET to this page with ?confirm=cancel) and is
  // never the page's main action: going back is.
  const action = sub.cancelAtPeriodEnd
    ? `<form method="post" class="actions"><input type="hidden" name="action" value="resume"><button type="submit">${escapeHtml(
        t("billing:local.resume"),
      )}</button>${back}</form>`
    : `<form method="get" class="actions"><input type="hidden" name="confirm" value="cancel">${back.replace(
        'class="link"',
        'class="link primary"',
      )}<button type="submit" class="quiet">${escapeHtml(t("billing:local.cancel"))}</button></form>`;
  return localPage(lang, t, t("billing:local.billingTitle"), `<dl>${list}</dl>${action}`);
}

/** Asks before cancelling: the plan stays until the period's end, and what is lost after it. */
export function confirmCancelPage(lang: string, t: TFunction, sub: SubscriptionSnapshot) {
  const until = formatDate(lang, sub.currentPeriodEnd ?? sub.trialEnd);
  return localPage(
    lang,
    t,
    t("billing:local.confirmCancelTitle"),
    `<p>${escapeHtml(t("billing:local.confirmCancelText", { date: until }))}</p><form method="post" class="actions"><input type="hidden" name="action" value="cancel"><a class="link primary" href="/${lang}/local-payments/billing">${escapeHtml(
      t("billing:local.keepSubscription"),
    )}</a><button type="submit" class="quiet">${escapeHtml(t("billing:local.confirmCancel"))}</button></form>`,
  );
}

export function messagePage(lang: string, t: TFunction, title: string, text: string) {
  return localPage(
    lang,
    t,
    title,
    `<p>${escapeHtml(text)}</p><div class="actions"><a class="link" href="/${lang}/dashboard">${escapeHtml(t("billing:local.back"))}</a></div>`,
  );
}
