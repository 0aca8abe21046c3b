import { createHmac, randomUUID } from "node:crypto";
import { type BrowserContext, expect, type Page } from "@playwright/test";
import Stripe from "stripe";
import { botCheckHeaders } from "../support/bot-check";
import { codeFromMail } from "./fixtures";

/** The server secret global-setup starts the e2e server with; the local provider derives its webhook secret from it. */
const E2E_AUTH_SECRET = "e2e-secret-e2e-secret-e2e-secret-e2e";
const LOCAL_WEBHOOK_SECRET = `whsec_local_${createHmac("sha256", E2E_AUTH_SECRET).update("local-payment-webhooks").digest("hex")}`;

const base = () => process.env.E2E_BASE_URL as string;

export interface ApiUser {
  id: string;
  email: string;
  name: string;
  cookie: string;
  /** Every cookie the API sign-in set (the session and the multi-session cookie of the account switcher). */
  cookies: string[];
}

async function post(path: string, body: unknown, cookie?: string, lang = "en") {
  // Sign-up always, and sign-in after failed ones (other specs' wrong passwords count too), ask for a proof of work.
  const guarded = path === "/api/auth/sign-up/email" || path === "/api/auth/sign-in/email" ? await botCheckHeaders(base()) : {};
  return fetch(`${base()}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base(), "x-language": lang, ...guarded, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
}

/** A verified user with a session, created through the auth API and the e-mailed code. */
export async function createUser(name: string, opts: { locale?: "en" | "de"; email?: string } = {}): Promise<ApiUser> {
  const email = opts.email ?? `dash-${randomUUID().slice(0, 8)}@example.com`;
  const password = "correct horse battery";
  const signUp = await post("/api/auth/sign-up/email", { name, email, password, locale: opts.locale ?? "en", legalConsent: true });
  if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
  const otp = await codeFromMail(email);
  const verify = await post("/api/auth/email-otp/verify-email", { email, otp });
  if (!verify.ok) throw new Error(`verify failed: ${verify.status}`);
  return { email, name, ...(await signInApi(email, password)) };
}

async function signInApi(email: string, password: string): Promise<Pick<ApiUser, "id" | "cookie" | "cookies">> {
  const signIn = await post("/api/auth/sign-in/email", { email, password });
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`);
  const cookies = signIn.headers.getSetCookie().map((c) => c.split(";")[0] as string);
  const cookie = cookies.find((c) => c.startsWith("better-auth.session_token=")) as string;
  const { user } = (await signIn.json()) as { user: { id: string } };
  return { id: user.id, cookie, cookies };
}

/** The user signed in once more, as a new password sign-in would: a fresh session with all its cookies. */
export async function signInAgain(user: ApiUser, password = "correct horse battery"): Promise<ApiUser> {
  return { ...user, ...(await signInApi(user.email, password)) };
}

/** A further session of the user, as a sign-in on another device would open: the session cookie. */
export async function signInElsewhere(user: ApiUser, password = "correct horse battery"): Promise<string> {
  const res = await post("/api/auth/sign-in/email", { email: user.email, password });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers
    .getSetCookie()
    .find((c) => c.startsWith("better-auth.session_token="))
    ?.split(";")[0] as string;
}

/** Gives the browser the user's session cookie. */
export async function signInBrowser(context: BrowserContext, user: Pick<ApiUser, "cookie">) {
  const [name, value] = user.cookie.split("=") as [string, string];
  await context.addCookies([{ name, value, url: base() }]);
}

/**
 * Signs the browser in as the user the way a sign-in in it would: the session cookie and the
 * account switcher's cookie for this account, so that further accounts can be added beside it.
 */
export async function signInBrowserAsAccount(context: BrowserContext, user: ApiUser) {
  await context.addCookies(
    user.cookies.map((c) => {
      const at = c.indexOf("=");
      return { name: c.slice(0, at), value: c.slice(at + 1), url: base() };
    }),
  );
}

/** Writes subscription state through a signed provider event, as the local provider would send it. */
export async function setSubscription(user: ApiUser, state: { status: string; trialDays?: number; periodDays?: number }) {
  const seconds = (days: number) => Math.floor((Date.now() + days * 86_400_000) / 1000);
  const trialEnd = state.trialDays === undefined ? null : seconds(state.trialDays);
  const object = {
    id: `sub_e2e_${user.id}`,
    object: "subscription",
    customer: `cus_e2e_${user.id}`,
    status: state.status,
    trial_end: trialEnd,
    cancel_at_period_end: false,
    cancel_at: null,
    items: { object: "list", data: [{ current_period_end: trialEnd ?? seconds(state.periodDays ?? 30) }] },
    metadata: { userId: user.id },
  };
  const payload = JSON.stringify({
    id: `evt_${randomUUID()}`,
    object: "event",
    type: "customer.subscription.updated",
    created: Math.floor(Date.now() / 1000),
    data: { object },
  });
  const res = await fetch(`${base()}/api/webhooks/local`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_WEBHOOK_SECRET }),
    },
    body: payload,
  });
  if (!res.ok) throw new Error(`subscription fixture failed: ${res.status}`);
}

/** A same-origin API call with the user's session, as their browser would make it. */
export function apiPost(path: string, body: unknown, user: ApiUser) {
  return fetch(`${base()}${path}`, {
    method: "POST",
    headers: { origin: base(), cookie: user.cookie, ...(body === null ? {} : { "content-type": "application/json" }) },
    body: body === null ? undefined : JSON.stringify(body),
  });
}

export async function createTeamApi(user: ApiUser, name: string): Promise<{ id: string }> {
  const res = await post("/api/teams", { name }, user.cookie);
  if (res.status !== 201) throw new Error(`team creation failed: ${res.status}`);
  return res.json();
}

/** Gives the team a logo as its admin would upload it; answers the logo's address. */
export async function uploadTeamLogoApi(user: ApiUser, teamId: string, png: Buffer): Promise<string> {
  const res = await fetch(`${base()}/api/teams/${teamId}/logo`, {
    method: "PUT",
    headers: { origin: base(), cookie: user.cookie, "content-type": "image/png" },
    body: new Uint8Array(png),
  });
  if (!res.ok) throw new Error(`logo upload failed: ${res.status}`);
  return ((await res.json()) as { logo: string }).logo;
}

export async function inviteAndAccept(admin: ApiUser, member: ApiUser, organizationId: string) {
  const invite = await post("/api/auth/organization/invite-member", { email: member.email, role: "member", organizationId }, admin.cookie);
  const { id } = (await invite.json()) as { id: string };
  const accept = await post("/api/auth/organization/accept-invitation", { invitationId: id }, member.cookie);
  if (!accept.ok) throw new Error(`accepting the invitation failed: ${accept.status}`);
}

export async function startCheckoutApi(user: ApiUser, teamName: string, lang = "en"): Promise<string> {
  const res = await post(
    "/api/create-checkout-session",
    { userId: user.id, planType: "pro", userEmail: user.email, userName: user.name, teamName },
    user.cookie,
    lang,
  );
  const { url } = (await res.json()) as { url: string };
  return url;
}

/** Opens the dashboard and waits until the subscription and team lists have loaded (slow machines included). */
export async function openDashboard(page: Page, lang: "en" | "de" = "en") {
  await page.goto(`/${lang}/dashboard`);
  await expect(page.getByRole("heading", { name: lang === "de" ? "Eingeladene Teams" : "Invited Teams" })).toBeVisible({ timeout: 60_000 });
}
