import { isDisposableEmailDomain } from "disposable-email-domains-js";

/** Providers that deliver `name+tag@` to `name@`; for Gmail the dots of the name are ignored too. */
const PLUS_IGNORED = new Set([
  "gmail.com",
  "googlemail.com",
  "outlook.com",
  "hotmail.com",
  "live.com",
  "msn.com",
  "icloud.com",
  "me.com",
  "mac.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "fastmail.com",
  "gmx.de",
  "gmx.net",
  "web.de",
  "posteo.de",
  "mailbox.org",
]);
const DOTS_IGNORED = new Set(["gmail.com", "googlemail.com"]);

const split = (email: string) => {
  const at = email.lastIndexOf("@");
  return { local: email.slice(0, at), domain: email.slice(at + 1) };
};

/**
 * The mailbox an address reaches: lower case, and for providers that ignore them without the `+tag`
 * and (Gmail) the dots, so that one person cannot hold several accounts with variants of one address.
 */
export function normalizeEmail(email: string): string {
  const { local, domain: rawDomain } = split(email.trim().toLowerCase());
  const domain = rawDomain === "googlemail.com" ? "gmail.com" : rawDomain;
  let name = local;
  if (PLUS_IGNORED.has(domain)) name = name.split("+")[0] ?? name;
  if (DOTS_IGNORED.has(domain)) name = name.replaceAll(".", "");
  return `${name}@${domain}`;
}

export interface EmailRules {
  /** Refuses addresses of throwaway mail services. */
  refuseDisposable: boolean;
  /** Refuses `name+tag@` addresses. */
  refusePlusAddresses: boolean;
  /** Domains (`example.com`, which covers its subdomains) and whole addresses always refused. */
  blocklist: string[];
  /** Domains and addresses always accepted, whatever the other rules say. */
  allowlist: string[];
}

/** Whether an entry of a block or allow list names this address or a domain it belongs to. */
export function listed(list: string[], email: string): boolean {
  const address = email.trim().toLowerCase();
  const { domain } = split(address);
  return list.some((entry) => (entry.includes("@") ? entry === address : domain === entry || domain.endsWith(`.${entry}`)));
}

function disposable(domain: string): boolean {
  // The list names registered domains; an address at a subdomain of one is just as disposable.
  const labels = domain.split(".");
  return labels.slice(0, -1).some((_, i) => isDisposableEmailDomain(labels.slice(i).join(".")));
}

/** Whether the operator's rules let this address sign up or be added (`not_allowed_access` otherwise). */
export function emailAllowed(rules: EmailRules, email: string): boolean {
  const address = email.trim().toLowerCase();
  if (listed(rules.allowlist, address)) return true;
  if (listed(rules.blocklist, address)) return false;
  const { local, domain } = split(address);
  if (rules.refuseDisposable && disposable(domain)) return false;
  if (rules.refusePlusAddresses && local.includes("+")) return false;
  return true;
}

/** A comma- or space-separated list from the environment, lower case, without empty entries. */
export const parseList = (value: string | undefined) =>
  (value ?? "")
    .split(/[\s,]+/)
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);

/** The rules as the operator configured them. */
export function emailRulesOf(config: {
  EMAIL_REFUSE_DISPOSABLE: boolean;
  EMAIL_REFUSE_PLUS: boolean;
  EMAIL_BLOCKLIST?: string;
  EMAIL_ALLOWLIST?: string;
}): EmailRules {
  return {
    refuseDisposable: config.EMAIL_REFUSE_DISPOSABLE,
    refusePlusAddresses: config.EMAIL_REFUSE_PLUS,
    blocklist: parseList(config.EMAIL_BLOCKLIST),
    allowlist: parseList(config.EMAIL_ALLOWLIST),
  };
}
