import type { Migration } from "kysely";
import * as identity from "./0001_identity.js";
import * as contact from "./0002_contact.js";
import * as accounts from "./0003_accounts.js";
import * as billing from "./0004_billing.js";
import * as mail from "./0005_mail.js";
import * as dropOrganizationRole from "./0006_drop_organization_role.js";
import * as contactMessage from "./0007_contact_message.js";
import * as accountProfile from "./0008_account_profile.js";
import * as twoFactorAndReverification from "./0009_two_factor_and_reverification.js";
import * as appSetting from "./0012_app_setting.js";
import * as normalizedEmail from "./0013_normalized_email.js";
import * as teamDomains from "./0014_team_domains.js";
import * as legalConsent from "./0015_legal_consent.js";
import * as waitlist from "./0016_waitlist.js";
import * as operator from "./0017_operator.js";
import * as contactHandling from "./0018_contact_handling.js";
import * as subscriptionPrice from "./0019_subscription_price.js";
import * as passkeys from "./0020_passkeys.js";
import * as signInLinks from "./0021_sign_in_links.js";
import * as phoneNumbers from "./0022_phone_numbers.js";
import * as identifiers from "./0023_identifiers.js";
import * as subscriptionMilestones from "./0024_subscription_milestones.js";
import * as operatorTeamsAndDataExport from "./0025_operator_teams_and_data_export.js";
import * as operatorSearchIndexes from "./0026_operator_search_indexes.js";
import * as outboxMailValues from "./0027_outbox_mail_values.js";
import * as contactRequestOneTimeIndex from "./0028_contact_request_one_time_index.js";
import * as outboxUnsentIndex from "./0029_outbox_unsent_index.js";
import * as securityLog from "./0030_security_log.js";
import * as oneTimeCodes from "./0031_one_time_codes.js";
import * as dataExportRetry from "./0032_data_export_retry.js";
import * as oauthProvider from "./0033_oauth_provider.js";
import * as apiKeys from "./0035_api_keys.js";
import * as ssoSessionsAndTests from "./0036_sso_sessions_and_tests.js";
import * as enterpriseConnections from "./0037_enterprise_connections.js";
import * as scimProvisioning from "./0038_scim_provisioning.js";
import * as samlConnections from "./0039_saml_connections.js";

/** Every migration, in order. Add new ones here with the next number. */
export const migrations: Record<string, Migration> = {
  "0001_identity": identity,
  "0002_contact": contact,
  "0003_accounts": accounts,
  "0004_billing": billing,
  "0005_mail": mail,
  "0006_drop_organization_role": dropOrganizationRole,
  "0007_contact_message": contactMessage,
  "0008_account_profile": accountProfile,
  "0009_two_factor_and_reverification": twoFactorAndReverification,
  "0012_app_setting": appSetting,
  "0013_normalized_email": normalizedEmail,
  "0014_team_domains": teamDomains,
  "0015_legal_consent": legalConsent,
  "0016_waitlist": waitlist,
  "0017_operator": operator,
  "0018_contact_handling": contactHandling,
  "0019_subscription_price": subscriptionPrice,
  "0020_passkeys": passkeys,
  "0021_sign_in_links": signInLinks,
  "0022_phone_numbers": phoneNumbers,
  "0023_identifiers": identifiers,
  "0024_subscription_milestones": subscriptionMilestones,
  "0025_operator_teams_and_data_export": operatorTeamsAndDataExport,
  "0026_operator_search_indexes": operatorSearchIndexes,
  "0027_outbox_mail_values": outboxMailValues,
  "0028_contact_request_one_time_index": contactRequestOneTimeIndex,
  "0029_outbox_unsent_index": outboxUnsentIndex,
  "0030_security_log": securityLog,
  "0031_one_time_codes": oneTimeCodes,
  "0032_data_export_retry": dataExportRetry,
  "0033_oauth_provider": oauthProvider,
  "0035_api_keys": apiKeys,
  "0036_sso_sessions_and_tests": ssoSessionsAndTests,
  "0037_enterprise_connections": enterpriseConnections,
  "0038_scim_provisioning": scimProvisioning,
  "0039_saml_connections": samlConnections,
};
