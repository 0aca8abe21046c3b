import { request } from "./client";

/** The account's phone numbers and whether text message codes are a second step. */
export const fetchPhoneNumbers = () => request("GET /api/account/phone-numbers");

/** Adds a number (unverified) and has a code texted to it. */
export const addPhoneNumber = (phoneNumber: string) => request("POST /api/account/phone-numbers", { body: { phoneNumber } });

export const resendPhoneCode = (id: string) => request("POST /api/account/phone-numbers/:id/code", { params: { id } });

export const verifyPhoneNumber = (id: string, code: string) =>
  request("POST /api/account/phone-numbers/:id/verify", { params: { id }, body: { code } });

export const makePhoneNumberPrimary = (id: string) => request("POST /api/account/phone-numbers/:id/primary", { params: { id } });

export const removePhoneNumber = (id: string) => request("DELETE /api/account/phone-numbers/:id", { params: { id } });

export const setSmsTwoFactor = (enabled: boolean) => request("POST /api/account/phone-numbers/two-factor", { body: { enabled } });
