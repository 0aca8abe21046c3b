import { describe, expect, it } from "vitest";
import { consentModeUpdate } from "./analytics";
import { ALL_ACCEPTED, NONE_ACCEPTED } from "./consent-store";

describe("consentModeUpdate", () => {
  it("denies everything without consent", () => {
    expect(consentModeUpdate(NONE_ACCEPTED)).toEqual({
      analytics_storage: "denied",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
  });
  it("grants analytics storage for analytics consent but no ad kinds", () => {
    expect(consentModeUpdate({ ...NONE_ACCEPTED, analytics: true })).toEqual({
      analytics_storage: "granted",
      ad_storage: "denied",
      ad_user_data: "denied",
      ad_personalization: "denied",
    });
  });
  it("grants the three ad kinds only with marketing consent", () => {
    expect(consentModeUpdate({ ...NONE_ACCEPTED, marketing: true })).toMatchObject({
      analytics_storage: "denied",
      ad_storage: "granted",
      ad_user_data: "granted",
      ad_personalization: "granted",
    });
    expect(consentModeUpdate(ALL_ACCEPTED)).toMatchObject({ analytics_storage: "granted", ad_storage: "granted" });
  });
});
