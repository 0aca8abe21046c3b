import type { z } from "zod";
import type { entitlements, me } from "../../core/api/v1.js";
import { type Auth, SignedOut } from "./auth.js";

export type Me = z.output<typeof me>;
export type Entitlements = z.output<typeof entitlements>;

/** What the popup shows; the service worker computes it, the popup only draws it. */
export type PopupState =
  | { view: "signedIn"; me: Me; entitlements: Entitlements }
  | { view: "signedOut"; signInFailed?: true }
  /** Signed in, but the server did not answer. */
  | { view: "unreachable" };

/** The popup's requests to the service worker. */
export type PopupMessage = { type: "status" } | { type: "signIn" } | { type: "signOut" };

const isPopupMessage = (message: unknown): message is PopupMessage =>
  typeof message === "object" &&
  message !== null &&
  ["status", "signIn", "signOut"].includes((message as { type?: unknown }).type as string);

/** Answers the popup's messages with the state to show after each. */
export function popupStates(auth: Auth) {
  async function status(): Promise<PopupState> {
    try {
      // Both at once: with an expired access token, they share one refresh.
      const [user, plan] = await Promise.all([auth.api<Me>("/me"), auth.api<Entitlements>("/entitlements")]);
      return { view: "signedIn", me: user, entitlements: plan };
    } catch (error) {
      return error instanceof SignedOut ? { view: "signedOut" } : { view: "unreachable" };
    }
  }

  return async function answer(message: unknown): Promise<PopupState | undefined> {
    if (!isPopupMessage(message)) return undefined;
    if (message.type === "signIn") {
      try {
        await auth.signIn();
      } catch {
        // Cancelled or refused: the popup says so and offers the button again.
        return { view: "signedOut", signInFailed: true };
      }
    }
    if (message.type === "signOut") {
      // The tokens are forgotten either way; a revocation that did not reach the server leaves a
      // refresh token nobody holds, which expires unused.
      await auth.signOut().catch(() => undefined);
      return { view: "signedOut" };
    }
    return status();
  };
}
