import { randomUUID } from "node:crypto";
import { type Insertable, sql } from "kysely";
import type { oidcConnectionBody, samlConnectionBody } from "../../core/api/sso.js";
import type { SsoConnection, SsoSettings } from "../../core/api.js";
import { normalizeDomain } from "../../core/teams.js";
import type { EndAccessDeps } from "../account/end-access.js";
import { viewAndSync } from "../billing/subscription-store.js";
import type { DB } from "../db/database.js";
import type { SsoConnectionTable } from "../db/schema.js";
import { AppError } from "../errors.js";
import { AUTH_BASE_PATH, OWN_AUTH_PATH } from "../identity-paths.js";
import { type AuditActor, type AuditDeps, operatorChange, recordAudit } from "../operator/audit-log.js";
import { billingOwnerOf } from "../teams/memberships.js";
import { fetchText } from "./bounded-fetch.js";
import { endOtherWaysIn, membersAtDomains, queueEnforcementMails } from "./enforcement.js";
import { discover } from "./oidc-client.js";
import { samlAddresses } from "./saml/addresses.js";
import type { MetadataProblem } from "./saml/service-provider.js";
import { sealSecret } from "./secret-box.js";

export interface ConnectionDeps {
  db: DB;
  baseUrl: string;
  authSecret: string;
  /** Enforcing a connection ends its members' other sessions through the identity library. */
  auth: EndAccessDeps["auth"];
  /** The domain of the mails' Message-IDs. */
  mailDomain: string;
  /** The outbox's delivery, woken when enforcing a connection queued its mails. */
  outbox?: { wake(): void };
}

type ConnectionState = SsoConnection["state"];

/** Our address the provider sends the browser back to, the same for every connection. */
export const oidcRedirectUrl = (baseUrl: string) => `${baseUrl}${AUTH_BASE_PATH}${OWN_AUTH_PATH.ssoCallback}`;

const COLUMNS = [
  "id",
  "organization_id",
  "kind",
  "state",
  "default_role",
  "provisioning",
  "oidc_issuer",
  "oidc_client_id",
  "saml_entity_id",
  "disabled_at",
  "last_used_at",
] as const;
type ConnectionRow = {
  id: string;
  kind: string;
  state: string;
  default_role: string;
  provisioning: boolean;
  oidc_issuer: string | null;
  oidc_client_id: string | null;
  saml_entity_id: string | null;
  disabled_at: Date | string | null;
  last_used_at: Date | string | null;
};

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

function viewOf(row: ConnectionRow, domains: string[], baseUrl: string): SsoConnection {
  const sp = samlAddresses(baseUrl, row.id);
  return {
    id: row.id,
    kind: row.kind as SsoConnection["kind"],
    state: row.state as ConnectionState,
    domains,
    defaultRole: row.default_role as SsoConnection["defaultRole"],
    provisioning: row.provisioning,
    issuer: row.oidc_issuer,
    clientId: row.oidc_client_id,
    saml:
      row.kind === "saml"
        ? { idpEntityId: row.saml_entity_id ?? "", spEntityId: sp.entityId, acsUrl: sp.acsUrl, spMetadataUrl: sp.metadataUrl }
        : null,
    disabled: row.disabled_at !== null,
    lastUsedAt: iso(row.last_used_at),
  };
}

/** The team's connections with their domains, oldest first. */
export async function teamConnections(db: DB, organizationId: string, baseUrl: string): Promise<SsoConnection[]> {
  const rows = await db
    .selectFrom("sso_connection")
    .select(COLUMNS)
    .where("organization_id", "=", organizationId)
    .orderBy("created_at")
    .execute();
  if (rows.length === 0) return [];
  const domains = await db
    .selectFrom("sso_connection_domain")
    .select(["connection_id", "domain"])
    .where(
      "connection_id",
      "in",
      rows.map((r) => r.id),
    )
    .orderBy("domain")
    .execute();
  return rows.map((r) =>
    viewOf(
      r,
      domains.filter((d) => d.connection_id === r.id).map((d) => d.domain),
      baseUrl,
    ),
  );
}

/** Whether the team is paid for by a running Pro subscription: only such a team connects a provider. */
export async function teamIsPro(db: DB, organizationId: string): Promise<boolean> {
  const payer = await billingOwnerOf(db, organizationId);
  return payer ? (await viewAndSync(db, payer)).isPro : false;
}

async function verifiedDomains(db: DB, organizationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom("team_domain")
    .select("domain")
    .where("organization_id", "=", organizationId)
    .where("verified_at", "is not", null)
    .orderBy("domain")
    .execute();
  return rows.map((r) => r.domain);
}

export async function ssoSettings(deps: ConnectionDeps, organizationId: string): Promise<SsoSettings> {
  return {
    pro: await teamIsPro(deps.db, organizationId),
    redirectUrl: oidcRedirectUrl(deps.baseUrl),
    verifiedDomains: await verifiedDomains(deps.db, organizationId),
    connections: await teamConnections(deps.db, organizationId, deps.baseUrl),
  };
}

/** A team admin's change, as the audit log records it. */
export interface AdminChange {
  organizationId: string;
  actor: AuditActor;
}

const audit = (
  deps: ConnectionDeps,
  change: AdminChange,
  action: "team.sso.create" | "team.sso.state" | "team.sso.delete",
  details: Record<string, unknown>,
) =>
  recordAudit(deps.db, deps.authSecret, change.actor, {
    action,
    targetType: "team",
    targetId: change.organizationId,
    outcome: "success",
    details,
  });

/**
 * Saves a new OpenID Connect connection as a draft, once the issuer's discovery document answers
 * (`sso_discovery_failed`). Each domain must be one of the team's verified domains and in no other
 * connection (`organization_domain_exists_for_enterprise_connection`). The secret is sealed.
 */
export async function createOidcConnection(
  deps: ConnectionDeps,
  change: AdminChange,
  input: ReturnType<typeof oidcConnectionBody.parse>,
): Promise<SsoConnection> {
  const domains = await domainsToConnect(deps.db, change, input.domains);
  const metadata = await discover(input.issuer);
  if (!metadata) throw new AppError("ssoDiscoveryFailed");
  const id = await insertConnection(deps.db, change, domains, {
    kind: "oidc",
    default_role: input.defaultRole,
    provisioning: input.provisioning,
    oidc_issuer: metadata.issuer,
    oidc_client_id: input.clientId,
    oidc_client_secret: sealSecret(deps.authSecret, input.clientSecret),
    oidc_metadata: JSON.stringify(metadata),
  });
  await audit(deps, change, "team.sso.create", { connectionId: id, kind: "oidc", issuer: metadata.issuer, domains });
  return (await teamConnections(deps.db, change.organizationId, deps.baseUrl)).find((c) => c.id === id) as SsoConnection;
}

/** A connection's domains: the team must be Pro, and each domain one of its verified domains in no other connection. */
async function domainsToConnect(db: DB, change: AdminChange, input: string[]): Promise<string[]> {
  if (!(await teamIsPro(db, change.organizationId))) throw new AppError("ssoProOnly");
  const domains = [...new Set(input.map((d) => normalizeDomain(d)))];
  if (domains.some((d) => d === null)) throw new AppError("ssoInvalidConnection");
  const own = await verifiedDomains(db, change.organizationId);
  if (domains.some((d) => !own.includes(d as string))) throw new AppError("domainNotVerified");
  await assertDomainsFree(db, domains as string[]);
  return domains as string[];
}

type ConnectionValues = Omit<Insertable<SsoConnectionTable>, "id" | "organization_id">;

/** Saves a new connection as a draft with its domains; the id. */
async function insertConnection(db: DB, change: AdminChange, domains: string[], values: ConnectionValues): Promise<string> {
  const id = randomUUID();
  try {
    await db.transaction().execute(async (trx) => {
      await trx
        .insertInto("sso_connection")
        .values({ id, organization_id: change.organizationId, ...values })
        .execute();
      await trx
        .insertInto("sso_connection_domain")
        .values(domains.map((domain) => ({ connection_id: id, domain })))
        .execute();
    });
  } catch (error) {
    // The unique index on connected domains: another connection took one meanwhile.
    if ((await domainsTaken(db, domains)).length > 0) throw new AppError("domainInConnection");
    throw error;
  }
  return id;
}

const metadataRefusal = (field: "metadataXml" | "metadataUrl", problem: MetadataProblem | "missing" | "unreachable") =>
  new AppError("ssoSamlMetadataInvalid", { fields: { [field]: `teams:errors.samlMetadata.${problem}` } });

/**
 * Saves a new SAML 2.0 connection as a draft (docs/decisions/102). The provider's metadata is
 * pasted, or read once from its address (bounded in time and size); it must name an entity id, a
 * sign-in address for HTTP-Redirect and a signing certificate, else the field says what is missing.
 */
export async function createSamlConnection(
  deps: ConnectionDeps,
  change: AdminChange,
  input: ReturnType<typeof samlConnectionBody.parse>,
): Promise<SsoConnection> {
  const domains = await domainsToConnect(deps.db, change, input.domains);
  const url = input.metadataUrl?.trim() ?? "";
  const field = input.metadataXml?.trim() ? "metadataXml" : "metadataUrl";
  let xml = input.metadataXml?.trim() ?? "";
  if (!xml) {
    if (!url) throw metadataRefusal("metadataXml", "missing");
    if (!/^https?:\/\//i.test(url)) throw metadataRefusal("metadataUrl", "unreachable");
    xml = await fetchText(url).catch(() => {
      throw metadataRefusal("metadataUrl", "unreachable");
    });
  }
  const { readIdpMetadata } = await import("./saml/service-provider.js");
  const metadata = readIdpMetadata(xml);
  if (typeof metadata === "string") throw metadataRefusal(field, metadata);
  const id = await insertConnection(deps.db, change, domains, {
    kind: "saml",
    default_role: input.defaultRole,
    provisioning: input.provisioning,
    saml_entity_id: metadata.entityId,
    saml_sso_url: metadata.ssoUrl,
    saml_metadata: metadata.xml,
    saml_metadata_url: field === "metadataUrl" ? url : null,
  });
  await audit(deps, change, "team.sso.create", { connectionId: id, kind: "saml", entityId: metadata.entityId, domains });
  return (await teamConnections(deps.db, change.organizationId, deps.baseUrl)).find((c) => c.id === id) as SsoConnection;
}

async function domainsTaken(db: DB, domains: string[]) {
  if (domains.length === 0) return [];
  return db.selectFrom("sso_connection_domain").select("domain").where("domain", "in", domains).execute();
}

/** Refuses a domain that a connection already serves, this team's or another's. */
export async function assertDomainsFree(db: DB, domains: string[]): Promise<void> {
  if ((await domainsTaken(db, domains)).length > 0) throw new AppError("domainInConnection");
}

async function connectionOf(db: DB, organizationId: string, connectionId: string) {
  const row = await db
    .selectFrom("sso_connection")
    .select(COLUMNS)
    .where("id", "=", connectionId)
    .where("organization_id", "=", organizationId)
    .executeTakeFirst();
  if (!row) throw new AppError("ssoConnectionNotFound");
  return row;
}

/**
 * Moves a connection between draft, active and enforced; opening one needs the team to be Pro still.
 * Enforcing it (docs/decisions/103) queues a mail to every member at its domains with the change,
 * then ends their sessions that the connection did not make, and wakes the outbox.
 */
export async function setConnectionState(
  deps: ConnectionDeps,
  change: AdminChange,
  input: { connectionId: string; state: ConnectionState; lang: string },
): Promise<SsoConnection> {
  const row = await connectionOf(deps.db, change.organizationId, input.connectionId);
  if (input.state !== "draft" && !(await teamIsPro(deps.db, change.organizationId))) throw new AppError("ssoProOnly");
  if (row.state !== input.state) {
    // A connection an operator switched off enforces nothing: its members keep their ways in.
    const enforcing = input.state === "enforced" && row.disabled_at === null;
    const members = enforcing ? await membersAtDomains(deps.db, change.organizationId, await connectionDomainsOf(deps.db, row.id)) : [];
    await deps.db.transaction().execute(async (trx) => {
      await trx.updateTable("sso_connection").set({ state: input.state, updated_at: sql`now()` }).where("id", "=", row.id).execute();
      if (!enforcing) return;
      const team = await trx.selectFrom("organization").select("name").where("id", "=", change.organizationId).executeTakeFirstOrThrow();
      await queueEnforcementMails(trx, members, {
        teamName: team.name,
        baseUrl: deps.baseUrl,
        mailDomain: deps.mailDomain,
        pageLanguage: input.lang,
      });
    });
    const details: Record<string, unknown> = { connectionId: row.id, from: row.state, to: input.state };
    if (enforcing) {
      details.membersMailed = members.length;
      details.sessionsEnded = await endOtherWaysIn(deps, members, row.id);
      deps.outbox?.wake();
    }
    await audit(deps, change, "team.sso.state", details);
  }
  return (await teamConnections(deps.db, change.organizationId, deps.baseUrl)).find((c) => c.id === row.id) as SsoConnection;
}

/** The domains a connection signs in. */
export async function connectionDomainsOf(db: DB, connectionId: string): Promise<string[]> {
  const rows = await db.selectFrom("sso_connection_domain").select("domain").where("connection_id", "=", connectionId).execute();
  return rows.map((r) => r.domain);
}

/** Deletes a connection; the accounts it made stay, and sign in by their other ways or a new connection. */
export async function deleteConnection(deps: ConnectionDeps, change: AdminChange, connectionId: string): Promise<void> {
  const row = await connectionOf(deps.db, change.organizationId, connectionId);
  await deps.db.transaction().execute(async (trx) => {
    await trx.deleteFrom("account").where("providerId", "=", `sso:${row.id}`).execute();
    await trx.deleteFrom("sso_connection").where("id", "=", row.id).execute();
  });
  await audit(deps, change, "team.sso.delete", { connectionId: row.id });
}

/**
 * An operator switches a team's connection off (nobody signs in or is provisioned through it, its
 * accounts are no longer managed by it) or on again. The team's admins see that it is switched off
 * and cannot switch it on themselves. Audited with the team.
 */
export async function setConnectionDisabled(
  deps: AuditDeps,
  actor: AuditActor,
  input: { organizationId: string; connectionId: string; disabled: boolean },
): Promise<void> {
  const team = await deps.db.selectFrom("organization").select("name").where("id", "=", input.organizationId).executeTakeFirst();
  const record = {
    action: input.disabled ? ("team.sso.disable" as const) : ("team.sso.enable" as const),
    targetType: "team" as const,
    targetId: input.organizationId,
    targetLabel: team?.name ?? null,
    details: { connectionId: input.connectionId },
  };
  await operatorChange(deps, actor, record, async (trx) => {
    const row = await connectionOf(trx, input.organizationId, input.connectionId);
    await trx
      .updateTable("sso_connection")
      .set({ disabled_at: input.disabled ? (row.disabled_at ?? new Date()) : null, updated_at: sql`now()` })
      .where("id", "=", row.id)
      .execute();
  });
}

/** The open connection (active or enforced, not switched off) serving an address's domain. */
export async function connectionForAddress(db: DB, email: string) {
  const domain = normalizeDomain(email.slice(email.lastIndexOf("@") + 1));
  if (!domain || !email.includes("@")) return undefined;
  return db
    .selectFrom("sso_connection_domain")
    .innerJoin("sso_connection", "sso_connection.id", "sso_connection_domain.connection_id")
    .select(["sso_connection.id", "sso_connection.state"])
    .where("sso_connection_domain.domain", "=", domain)
    .where("sso_connection.state", "in", ["active", "enforced"])
    .where("sso_connection.disabled_at", "is", null)
    .executeTakeFirst();
}

/** The team's first open connection, for a sign-in that names the team by its slug. */
export async function connectionForTeamSlug(db: DB, slug: string) {
  return db
    .selectFrom("sso_connection")
    .innerJoin("organization", "organization.id", "sso_connection.organization_id")
    .select(["sso_connection.id", "sso_connection.state"])
    .where("organization.slug", "=", slug.trim().toLowerCase())
    .where("sso_connection.state", "in", ["active", "enforced"])
    .where("sso_connection.disabled_at", "is", null)
    .orderBy("sso_connection.created_at")
    .executeTakeFirst();
}
