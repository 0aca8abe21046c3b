import type { AccountIdentifiers, AccountSecurity, Device } from "../../core/api";
import type { SecurityEventPage } from "../../core/security-log";
import { request, requestFile } from "./client";

/** How the account is protected and how it proves itself again (the security page's one read). */
export function fetchAccountSecurity(): Promise<AccountSecurity> {
  return request("GET /api/account/security");
}

/** The account's e-mail addresses, connected accounts and wallets. */
export function fetchAccountIdentifiers(): Promise<AccountIdentifiers> {
  return request("GET /api/account/identifiers");
}

/** The signed-in user's devices (sessions), this one first. */
export async function fetchDevices(): Promise<Device[]> {
  return (await request("GET /api/account/devices")).devices;
}

export function signOutDevice(id: string) {
  return request("POST /api/account/devices/sign-out", { body: { id } });
}

export function signOutOtherDevices() {
  return request("POST /api/account/devices/sign-out-others");
}

/** Uploads a picture as the profile image; answers its stored URL. */
export async function uploadProfileImage(file: Blob): Promise<string | null> {
  return (await request("PUT /api/account/image", { file })).image;
}

export async function removeProfileImage(): Promise<void> {
  await request("DELETE /api/account/image");
}

/** Asks for a copy of the user's data; a link to it is mailed to the answered address. */
export async function requestDataExport(): Promise<string> {
  return (await request("POST /api/account/data-export")).email;
}

/** One page of the account's security log, newest first. */
export function fetchSecurityEvents(page: number): Promise<SecurityEventPage> {
  return request("GET /api/account/security-events", { query: { page } });
}

/** Whether a mailed data export link can be downloaded; refused links throw with their code. */
export function checkDataExport(token: string) {
  return request("POST /api/data-export/check", { body: { token } });
}

/** Downloads the archive behind a data export link (once): the file and the name the server gives it. */
export function downloadDataExport(token: string) {
  return requestFile("/api/data-export/download", { token }, "my-data.json");
}
