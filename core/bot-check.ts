/** The request header a proof-of-work solution travels in, as with Better Auth's captcha plugin (docs/decisions/129). */
export const CAPTCHA_HEADER = "x-captcha-response";
