import { expect, test } from "./fixtures";
import { englishIn, withStoredConsent } from "./site-helpers";

test.beforeEach(async ({ page }) => {
  await withStoredConsent(page);
});

test("the landing sections come in the specified order", async ({ page }) => {
  await page.goto("/en");
  const headings = await page.locator("main h1, main h2").allTextContents();
  expect(headings).toEqual([
    "LinkedIn to CRM integration for recruiters",
    "How it works",
    "Everything a recruiting desk needs",
    "Your pipeline, one drag away",
    "Recruitment reports that answer the Monday question",
    "Invoices that write themselves",
    "Why recruiters switch",
    "Recruiters who made the switch",
    "Simple pricing for every desk",
    "Frequently asked questions",
    "Talk to us",
    "Make your next placement your easiest one",
  ]);
  await expect(page.locator("section#contact")).toBeAttached();
});

test("the FAQ opens one answer at a time and collapses the open one again", async ({ page }) => {
  await page.goto("/en");
  const free = page.getByRole("button", { name: "Is there a free version?" });
  const security = page.getByRole("button", { name: "How is my data protected?" });
  await expect(page.getByText(/The free plan includes LinkedIn capture/)).toBeHidden();
  await free.click();
  await expect(free).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(/The free plan includes LinkedIn capture/)).toBeVisible();
  await security.press("Enter");
  await expect(security).toHaveAttribute("aria-expanded", "true");
  await expect(free).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText(/The free plan includes LinkedIn capture/)).toBeHidden();
  await security.click();
  await expect(security).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByText(/stored on servers in the EU/)).toBeHidden();
});

test("a section far down the page answers the first key pressed on it, before anything scrolled there", async ({ page }) => {
  await page.goto("/en");
  // The FAQ's first click right after the page shows is the test above; here the keyboard comes first.
  const free = page.getByRole("button", { name: "Is there a free version?" });
  await free.focus();
  await page.keyboard.press("Enter");
  await expect(free).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByText(/The free plan includes LinkedIn capture/)).toBeVisible();
});

test("each pricing card leads into its plan, named and priced as on the card: Free and Pro in the wizard, Basic and Enterprise to sales", async ({
  page,
}) => {
  await page.goto("/de#pricing");
  const pricing = page.locator("section#pricing");
  await expect(pricing.getByRole("heading", { level: 3 })).toHaveText(["Free", "Basic", "Pro", "Enterprise"]);
  await expect(pricing.getByText("Am beliebtesten")).toBeVisible();
  for (const price of ["0 €", "19 €", "39 €", "Individuell"]) await expect(pricing.getByText(price, { exact: true })).toBeVisible();
  const buttons = pricing.getByRole("link", { name: /^Registrieren/ });
  await expect(buttons).toHaveCount(2);
  expect(await buttons.evaluateAll((els) => els.map((e) => e.getAttribute("href")))).toEqual([
    "/de/sign-up?plan=individual",
    "/de/sign-up?plan=pro",
  ]);
  // No card leads to a plan that cannot be bought in the wizard.
  await expect(pricing.getByRole("link", { name: /^Mit dem Vertrieb sprechen/ })).toHaveCount(2);
  await buttons.nth(1).click();
  await expect(page).toHaveURL(/\/de\/sign-up\?plan=pro$/);
  // The URL changes before the new page has rendered and scrolled; wait for it to settle at the top.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  // The wizard names and prices the plans as the cards do, with the price after the trial.
  await expect(page.getByRole("radio", { name: /^Pro.*30 Tage kostenlos, danach 39 € pro Nutzer \/ Monat/ })).toBeChecked();
  await expect(page.getByRole("radio", { name: /^Free.*0 €/ })).toBeVisible();
  await expect(page.getByLabel("Teamname")).toBeVisible();

  // The plan named by the card wins over what this tab entered before.
  await page.goto("/de/sign-up?plan=individual");
  await expect(page.getByRole("radio", { name: /^Free/ })).toBeChecked();
});

test("the Basic and Enterprise cards offer Talk to sales: the contact form names the plan and the cursor is in the company field", async ({
  page,
}) => {
  for (const [lang, name, company, message] of [
    ["en", /^Talk to sales.*Enterprise/, "Company", "We would like to talk about the Enterprise plan."],
    ["de", /^Mit dem Vertrieb sprechen.*Basic/, "Unternehmen", "Wir möchten über den Tarif Basic sprechen."],
  ] as const) {
    await page.goto(`/${lang}#pricing`);
    // The visitor clicks once the page has arrived at the pricing section (its scroll is smooth).
    await expect.poll(() => page.locator("section#pricing").evaluate((el) => Math.abs(el.getBoundingClientRect().top) < 120)).toBe(true);
    await page.locator("section#pricing").getByRole("link", { name }).click();
    await expect(page.getByLabel(new RegExp(`^${company}`))).toBeFocused();
    await expect(page.locator("section#contact")).toBeInViewport();
    await expect(
      page.locator("section#contact").getByRole("textbox", { name: new RegExp(lang === "de" ? "^Nachricht" : "^Message") }),
    ).toHaveValue(message);
  }
});

test.describe("highlighted lists", () => {
  test("the reports list highlights the next item every 2 seconds", async ({ page }) => {
    await page.goto("/en");
    const list = page.getByRole("region", { name: "Recruitment reports that answer the Monday question" }).getByRole("listitem");
    await expect(list.nth(0)).toHaveAttribute("aria-current", "true");
    await expect(list.nth(1)).toHaveAttribute("aria-current", "true", { timeout: 3_000 });
    await expect(list.nth(0)).not.toHaveAttribute("aria-current", "true");
    await expect(list.nth(2)).toHaveAttribute("aria-current", "true", { timeout: 3_000 });
  });

  test("stand still when the visitor prefers reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/en");
    const list = page.getByRole("region", { name: "Invoices that write themselves" }).getByRole("listitem");
    await expect(list.nth(0)).toHaveAttribute("aria-current", "true");
    await page.waitForTimeout(2_500);
    await expect(list.nth(0)).toHaveAttribute("aria-current", "true");
    await expect(list.nth(1)).not.toHaveAttribute("aria-current", "true");
  });
});

test.describe("kanban demo", () => {
  const lane = (page: import("@playwright/test").Page, name: string) => page.getByRole("region", { name, exact: true });
  const card = (page: import("@playwright/test").Page, name: string) => page.getByRole("button", { name: new RegExp(name) });
  /** Brings the whole board into the viewport and waits for the interactive version. */
  const showBoard = async (page: import("@playwright/test").Page) => {
    await lane(page, "Applied").evaluate((el) => el.scrollIntoView({ block: "center" }));
    await expect(card(page, "Lena Hoffmann")).toHaveAttribute("aria-roledescription", "movable candidate card");
  };

  test("loads the drag-and-drop code only when the board comes into view", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "script") scripts.push(r.url());
    });
    await page.goto("/en");
    await page.waitForLoadState("networkidle");
    expect(scripts.some((u) => u.includes("kanban-demo"))).toBe(false);
    await page.getByRole("heading", { name: "Your pipeline, one drag away" }).scrollIntoViewIfNeeded();
    await expect(card(page, "Lena Hoffmann")).toHaveAttribute("aria-roledescription", "movable candidate card");
    expect(scripts.some((u) => u.includes("kanban-demo"))).toBe(true);
  });

  test("moves a card to another lane with the mouse and locks page scrolling while dragging", async ({ page }) => {
    await page.goto("/en");
    await showBoard(page);
    const lena = card(page, "Lena Hoffmann");
    const from = await lena.boundingBox();
    const target = await lane(page, "Interview").boundingBox();
    if (!from || !target) throw new Error("board not laid out");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(from.x + from.width / 2 + 10, from.y + from.height / 2, { steps: 3 });
    expect(await page.evaluate(() => document.body.style.overflow)).toBe("hidden");
    await page.mouse.move(target.x + target.width / 2, target.y + target.height - 20, { steps: 12 });
    await page.mouse.up();
    await expect(lane(page, "Interview").getByRole("button", { name: /Lena Hoffmann/ })).toBeVisible();
    await expect(lane(page, "Applied").getByRole("button", { name: /Lena Hoffmann/ })).toHaveCount(0);
    await expect(lane(page, "Applied").getByText("1", { exact: true })).toBeVisible();
    await expect.poll(() => page.evaluate(() => document.body.style.overflow)).toBe("");
  });

  test("reorders within a lane with the mouse", async ({ page }) => {
    await page.goto("/en");
    await showBoard(page);
    const tom = card(page, "Tom Becker");
    const from = await tom.boundingBox();
    const to = await card(page, "Lena Hoffmann").boundingBox();
    if (!from || !to) throw new Error("board not laid out");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + 5, { steps: 12 });
    await page.mouse.up();
    await expect(lane(page, "Applied").getByRole("button")).toHaveText([/Tom Becker/, /Lena Hoffmann/]);
  });

  test("moves a card with the keyboard and announces it in German", async ({ page }) => {
    await page.goto("/de");
    await page.getByRole("heading", { name: "Ihre Pipeline, nur einen Handgriff entfernt" }).scrollIntoViewIfNeeded();
    const lena = card(page, "Lena Hoffmann");
    await expect(lena).toHaveAttribute("aria-roledescription", "verschiebbare Kandidatenkarte");
    await lena.focus();
    await page.keyboard.press("Space");
    await expect(lena).toHaveAttribute("aria-pressed", "true");
    const status = page.getByRole("status").filter({ hasText: "Lena Hoffmann" });
    await expect(status).toContainText("Beworben");
    await page.keyboard.press("ArrowRight");
    await expect(status).toContainText("Telefoninterview");
    await page.keyboard.press("Space");
    await expect(status).toHaveText("Lena Hoffmann in Telefoninterview abgelegt, Position 1.");
    await expect(lane(page, "Telefoninterview").getByRole("button", { name: /Lena Hoffmann/ })).toBeVisible();
    await expect(lane(page, "Beworben").getByRole("button", { name: /Lena Hoffmann/ })).toHaveCount(0);
  });
});

test("the German landing page contains no English text from the catalogs", async ({ page }) => {
  await page.goto("/de");
  await page.getByRole("heading", { name: "Ihre Pipeline, nur einen Handgriff entfernt" }).scrollIntoViewIfNeeded();
  // biome-ignore lint/performance/useDomNodeTextContent: the text a reader sees, without what is hidden
  expect(englishIn(await page.locator("body").innerText(), ["landing", "site", "consent", "common"])).toEqual([]);
});
