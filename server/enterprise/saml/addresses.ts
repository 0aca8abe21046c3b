/**
 * Our addresses for one SAML connection, stable for its life: the metadata's address is also our
 * entity id (the usual choice, so the provider's admin pastes one address), and the provider
 * posts its answers to the ACS. Outside /api: see ./routes.ts.
 */
export function samlAddresses(baseUrl: string, connectionId: string) {
  const base = `${baseUrl}/saml/${encodeURIComponent(connectionId)}`;
  return { entityId: `${base}/metadata`, metadataUrl: `${base}/metadata`, acsUrl: `${base}/acs` };
}
