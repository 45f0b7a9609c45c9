/**
 * Every page and widget the plugin adds to Medusa's admin, opened in a real
 * Chromium against the stock store's own dashboard (served by `medusa
 * develop` from the store's node_modules): the check fails on an uncaught
 * page error, a console error, the dashboard's error boundary ("An error
 * occurred") or a page without what it must show. Saves a screenshot of
 * each page.
 */
import { mkdirSync, rmSync } from "node:fs"
import { join } from "node:path"
import type { Locator, Page } from "playwright-core"
import { chromiumLaunch } from "../../integration-tests/helpers/chromium"
import { MASKED_CARD, type StoreData } from "./store-data"
import { budget } from "../../integration-tests/setup/time-budget"

type PluginPage = {
  name: string
  path: string
  /** What the page must show once its data has loaded. */
  mustShow: (page: Page) => Locator[]
}

export function pluginPages(data: StoreData): PluginPage[] {
  return [
    {
      name: "settings-acquiring",
      path: "/settings/acquiring",
      mustShow: (page) => [
        page.getByRole("heading", { name: "Acquiring", level: 1 }),
        page.getByRole("button", { name: "Add account" }),
      ],
    },
    {
      name: "payouts",
      path: "/payouts",
      mustShow: (page) => [
        page.getByRole("heading", { name: "Payouts" }),
        page.getByTestId("payout-row").filter({ hasText: "INSTALL-CHECK-1" }),
      ],
    },
    {
      name: "payout-detail",
      path: `/payouts/${data.payoutId}`,
      mustShow: (page) => [
        page.getByTestId("payout-status"),
        page.getByRole("heading", { name: "Beneficiary" }),
      ],
    },
    {
      name: "refunds-at-acquirer",
      path: "/acquiring-refunds",
      mustShow: (page) => [
        page.getByRole("heading", { name: "Refunds at acquirer" }),
        page.getByRole("button", { name: "Search", exact: true }),
      ],
    },
    {
      name: "chargebacks",
      path: "/chargebacks",
      mustShow: (page) => [
        page.getByRole("heading", { name: "Chargebacks", level: 1 }),
        page.getByTestId("export-chargebacks"),
      ],
    },
    {
      name: "payment-history",
      path: "/payment-history",
      mustShow: (page) => [
        page.getByRole("heading", { name: "Payment history", level: 1 }),
        // the paid order's authorisation is recorded
        page.getByTestId("history-count").filter({ hasNotText: /^0 entries/ }),
      ],
    },
    {
      // its charts come from recharts, which the store's own Vite build must resolve
      name: "payments-overview",
      path: "/payments-overview",
      mustShow: (page) => [
        page.getByRole("heading", { name: "Payments overview", level: 1 }),
        page
          .getByTestId("figure-attempts")
          .locator(".recharts-bar-rectangle")
          .first(),
      ],
    },
    {
      name: "subscriptions",
      path: "/subscriptions",
      mustShow: (page) => [
        page.getByRole("heading", { name: "Subscriptions", level: 1 }),
        page.getByText("No subscriptions yet"),
      ],
    },
    {
      name: "order-widget",
      path: `/orders/${data.orderId}`,
      mustShow: (page) => [
        page
          .getByTestId("acquiring-widget")
          .getByRole("heading", { name: "Acquiring" }),
        page.getByTestId("acquiring-payment").filter({ hasText: MASKED_CARD }),
      ],
    },
    {
      // Medusa's draft-order pages come with every store (defineConfig adds the plugin)
      name: "draft-order-widget",
      path: `/draft-orders/${data.draftOrderId}`,
      mustShow: (page) => [
        page
          .getByTestId("acquiring-draft-widget")
          .getByRole("heading", { name: "Acquiring" }),
        page
          .getByTestId("acquiring-draft-widget")
          .getByRole("button", { name: "Convert and take card by phone" }),
      ],
    },
    {
      name: "customer-saved-cards-widget",
      path: `/customers/${data.customerId}`,
      mustShow: (page) => [
        page
          .getByTestId("acquiring-saved-cards")
          .getByRole("heading", { name: "Saved cards" }),
        page.getByTestId("acquiring-saved-cards").getByText("No saved cards"),
      ],
    },
  ]
}

/** The dashboard's own error boundary, shown in place of a page that threw. */
const ERROR_BOUNDARY = "An error occurred"

/**
 * Console errors the stock dashboard prints by itself, plugin or not; keep
 * this list narrow (each entry hides what it matches, on every page).
 */
const DASHBOARD_OWN_ERRORS: RegExp[] = [
  // Medusa 2.21's order page: React's development warning about a <div>
  // inside a <p> in its own order summary (component stack Cost in
  // CostBreakdown in OrderSummarySection, no plugin component in it)
  // the customer page's country flags, which the dashboard loads from a CDN
  // (this browser reaches nothing beyond 127.0.0.1)
  /^Failed to load resource: net::ERR_BLOCKED_BY_CLIENT\S* \(https:\/\/cdn\.jsdelivr\.net\/gh\/lipis\/flag-icons\//,
  /^Warning: validateDOMNesting\(\.\.\.\): %s cannot appear as a descendant of <%s>\.%s <div> p\s+at div\s+at p\s+at \S+\s+at div\s+at Cost \(/,
]

export async function checkAdminPages(options: {
  origin: string
  login: { email: string; password: string }
  pages: PluginPage[]
  screenshots: string
  log: (text: string) => void
}): Promise<string[]> {
  const { origin, login, screenshots, log } = options
  rmSync(screenshots, { recursive: true, force: true })
  mkdirSync(screenshots, { recursive: true })
  const browser = await chromiumLaunch([])
  try {
    const context = await browser.newContext({
      viewport: { width: 1280, height: 900 },
    })
    // nothing leaves the machine: whatever is not the store answers as blocked
    await context.route(
      (url) => url.origin !== origin,
      (route) => route.abort("blockedbyclient")
    )
    const page = await context.newPage()
    page.setDefaultTimeout(budget(30_000))
    let current = "login"
    const problems: string[] = []
    page.on("pageerror", (error) =>
      problems.push(`${current}: page error: ${error.message}`)
    )
    page.on("console", (message) => {
      if (message.type() !== "error") return
      const where = message.location().url
      const text = `${message.text()}${where ? ` (${where})` : ""}`
      if (DASHBOARD_OWN_ERRORS.some((known) => known.test(text))) return
      problems.push(`${current}: console error: ${text}`)
    })

    // the dashboard's own login form; the first load compiles its modules (Vite)
    let lastAnswerAt = Date.now()
    page.on("response", () => {
      lastAnswerAt = Date.now()
    })
    await page.goto(`${origin}/app/login`, { waitUntil: "commit" })
    const email = page.locator('input[name="email"]')
    await whileLoading(
      () =>
        email.waitFor({ timeout: 10_000 }).then(
          () => true,
          () => false
        ),
      () => lastAnswerAt,
      problems
    )
    await email.fill(login.email)
    await page.locator('input[name="password"]').fill(login.password)
    await page.getByRole("button", { name: /continue with email/i }).click()
    await page.waitForURL((url) => !url.pathname.endsWith("/login"), {
      timeout: budget(60_000),
    })
    log("logged in through the dashboard's login form")

    const saved: string[] = []
    for (const plugin of options.pages) {
      current = `${plugin.name} (/app${plugin.path})`
      await page.goto(`${origin}/app${plugin.path}`, { waitUntil: "commit" })
      const crashed = page.getByText(ERROR_BOUNDARY).first()
      for (const content of plugin.mustShow(page)) {
        // the error boundary replaces the page: stop waiting when it shows
        const shown = await Promise.race([
          content
            .first()
            .waitFor({ timeout: budget(60_000) })
            .then(() => "shown" as const),
          crashed
            .waitFor({ timeout: budget(60_000) })
            .then(() => "crashed" as const),
        ]).catch((error: Error) => `missing: ${error.message.split("\n")[0]}`)
        if (shown === "crashed") {
          const text = (await page.locator("main, body").first().innerText())
            .replace(/\s+/g, " ")
            .slice(0, 500)
          problems.push(`${current}: the dashboard's error boundary: ${text}`)
          break
        }
        if (shown !== "shown")
          problems.push(`${current}: does not show ${content}: ${shown}`)
      }
      // what the page asked for has answered (widgets load their own data)
      await page.waitForLoadState("networkidle").catch(() => undefined)
      if (
        (await crashed.count()) &&
        !problems.some((p) => p.startsWith(current))
      )
        problems.push(`${current}: the dashboard's error boundary shows`)
      const failed = problems.some((p) => p.startsWith(current))
      // a widget sits below Medusa's own sections, inside the page's scrolling area
      if (!failed)
        await plugin.mustShow(page).at(-1)!.first().scrollIntoViewIfNeeded()
      const file = join(screenshots, `${plugin.name}.png`)
      await page.screenshot({ path: file, fullPage: true })
      saved.push(file)
      log(`${current}: ${failed ? "FAILED" : "rendered"}, ${file}`)
    }
    if (problems.length) {
      // each problem once, by its first line (React repeats errors with their component stacks)
      const lines = [...new Set(problems.map((p) => p.split("\n")[0]))]
      throw new Error(
        `the plugin's admin pages in the stock store:\n  ${lines.join("\n  ")}\nScreenshots: ${saved.join(", ")}`
      )
    }
    return saved
  } finally {
    await browser.close()
  }
}

/**
 * Waits for the first dashboard page as long as Vite is still answering its
 * module requests (a loaded machine compiles for minutes), and no longer
 * than three minutes of the reference machine after its last answer; the
 * failure says what the page reported meanwhile.
 */
async function whileLoading(
  shown: () => Promise<boolean>,
  lastAnswerAt: () => number,
  problems: string[]
): Promise<void> {
  const quiet = budget(180_000)
  const cap = Date.now() + budget(900_000)
  while (!(await shown())) {
    if (Date.now() - lastAnswerAt() > quiet || Date.now() > cap)
      throw new Error(
        `the login page did not show its form: no answer for ${Math.round((Date.now() - lastAnswerAt()) / 1000)} s (${problems.join("; ") || "no page or console error"})`
      )
  }
}
