import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { BotCheckHandle, BotCheckStrings } from "./load";

const STRING_KEYS: (keyof BotCheckStrings)[] = [
  "label",
  "loading",
  "verifying",
  "verified",
  "error",
  "expired",
  "verificationRequired",
  "waitAlert",
  "reload",
  "verify",
];

/**
 * The proof of work of an identity form (docs/decisions/129): once started, the widget loads into
 * `element` and solves in the background; `headers()` waits for a solution and gives the request's
 * header. Started when the form is shown (`startAtOnce`) or on demand (`start`, for sign-in after
 * a failed attempt).
 */
export function useBotCheck(startAtOnce: boolean) {
  const { t, i18n } = useTranslation("common");
  const container = useRef<HTMLDivElement>(null);
  const handle = useRef<Promise<BotCheckHandle | null> | undefined>(undefined);
  const widget = useRef<HTMLElement | null>(null);

  const start = useCallback(() => {
    if (handle.current || !container.current) return;
    const strings = Object.fromEntries(STRING_KEYS.map((key) => [key, t(`botCheck.${key}`)])) as unknown as BotCheckStrings;
    const box = container.current;
    // Loaded only here, so no page carries the widget's code before it is needed.
    handle.current = import("./load")
      .then((m) => m.startBotCheck(box, { language: i18n.language, strings }))
      .then((h) => {
        widget.current = h?.element ?? null;
        return h;
      })
      .catch(() => null);
  }, [t, i18n.language]);

  useEffect(() => {
    if (startAtOnce) start();
  }, [startAtOnce, start]);
  useEffect(
    () => () => {
      void handle.current?.then((h) => h?.remove());
      handle.current = undefined;
    },
    [],
  );

  /** The header for one guarded request; rejects with "captcha_unavailable" when no challenge can be had. */
  const headers = useCallback(async (): Promise<Record<string, string>> => {
    const check = await handle.current;
    return check ? { [check.header]: await check.solution() } : {};
  }, []);

  // A step shown again (the wizard's Back and Next) gets the widget back, which then solves anew.
  const place = useCallback((el: HTMLDivElement | null) => {
    container.current = el;
    if (el && widget.current && widget.current.parentElement !== el) el.replaceChildren(widget.current);
  }, []);

  return { element: <div ref={place} className="empty:hidden" />, start, headers };
}
