import { createHash } from "node:crypto";
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page, type TestInfo } from "@playwright/test";

/**
 * Makes `page.goto` and `page.reload` return once an app page is interactive: pages start their
 * scripts after the first paint, so the load event comes before hydration (or, on the landing
 * page, before its islands are hydrated).
 */
export function interactiveNavigation(page: Page): Page {
  const untilInteractive = () =>
    page.waitForFunction(
      () =>
        !("__reactRouterContext" in window || document.querySelector("[data-island]")) ||
        document.documentElement.hasAttribute("data-interactive"),
    );
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  page.goto = async (...args) => {
    const response = await goto(...args);
    await untilInteractive();
    return response;
  };
  page.reload = async (...args) => {
    const response = await reload(...args);
    await untilInteractive();
    return response;
  };
  return page;
}

/**
 * Each test is a visitor of its own address, as the shared server's proxy header tells it
 * (TRUSTED_IP_HEADER in global-setup): the failed sign-ins of one test do not make the next
 * test's sign-in ask for a proof of work, as one visitor's do not for another in production.
 */
function visitorAddress(info: TestInfo): string {
  const [a, b, c] = createHash("sha256").update(`${info.testId}:${info.retry}:${info.repeatEachIndex}`).digest();
  return `10.${a}.${b}.${c}`;
}

/** Fails a test on any console error or uncaught page error (hydration mismatches included). */
export const test = base.extend<{ pageErrors: string[] }>({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, info) => {
    await use({ ...extraHTTPHeaders, "x-forwarded-for": visitorAddress(info) });
  },
  page: async ({ page }, use) => {
    await use(interactiveNavigation(page));
  },
  pageErrors: [
    async ({ page }, use) => {
      const errors: string[] = [];
      page.on("pageerror", (e) => errors.push(e.message));
      page.on("console", (m) => {
        if (m.type() !== "error") return;
        // A document served with a deliberate error status (the 404 page) is not a fault of the page.
        if (m.text().startsWith("Failed to load resource") && m.location().url === page.url()) return;
        errors.push(`${m.text()} (${m.location().url})`);
      });
      await use(errors);
      expect(errors, "console or page errors").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** axe-core violations on the current page, with axe's default rules: WCAG 2.x A/AA and its best practices (landmarks, headings). */
export async function axeViolations(page: Page) {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`);
}

/** The mails the test SMTP server received for an address. */
export async function mailsTo(address: string): Promise<{ subject: string; text: string; html: string }[]> {
  const res = await fetch(`${process.env.E2E_MAILBOX_URL}/?to=${encodeURIComponent(address)}`);
  return res.json();
}

/** Waits for a mail to `address` whose subject matches, and returns its 6-digit code. */
export async function codeFromMail(address: string, subject?: RegExp): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(address)).filter((m) => !subject || subject.test(m.subject));
        code = /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? "")?.[1];
        return code;
      },
      { timeout: 20_000 },
    )
    .toBeTruthy();
  return code as string;
}
