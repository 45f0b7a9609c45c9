import { mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { chromiumLaunch } from "./chromium"
import { budget } from "../setup/time-budget"

const SCREENSHOTS = resolve(__dirname, "..", "..", ".artifacts", "screenshots")

function fileName(testName: string): string {
  return `${testName
    .replace(/[^A-Za-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .toLowerCase()}.png`
}

/**
 * One browser per test file and, per test, no cookies and no storage; the
 * last page of each test is saved under .artifacts/screenshots/ (git-ignored).
 */
export type BrowserOptions = {
  /** Host names the browser resolves to 127.0.0.1 (another site than 127.0.0.1 itself, for SameSite). */
  hosts?: string[]
  /**
   * One context for the file whose cookies and storage are cleared after
   * each test, so its HTTP cache outlives the test: a page served unbundled
   * (the admin dashboard in Vite's development mode, over a thousand
   * modules) is then fetched and compiled once per file, not once per test.
   */
  keepHttpCache?: boolean
}

/** The two screens a shopper pays on. */
export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 800 } },
  phone: {
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  },
} as const

export type ViewportName = keyof typeof VIEWPORTS

export function realBrowser(options: BrowserOptions = {}) {
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  let page: Page | undefined
  let kept: BrowserContext | undefined
  const leave = async () => {
    if (context && context === kept) await forgetVisitor(context)
    else await context?.close()
  }

  beforeAll(async () => {
    const rules = (options.hosts ?? []).map((host) => `MAP ${host} 127.0.0.1`)
    browser = await chromiumLaunch(
      rules.length ? [`--host-resolver-rules=${rules.join(",")}`] : []
    )
  })

  beforeEach(async () => {
    const fresh = () =>
      browser!.newContext({ viewport: { width: 1024, height: 800 } })
    if (options.keepHttpCache) context = kept ??= await fresh()
    else context = await fresh()
    page = await context.newPage()
    page.setDefaultTimeout(budget(20_000))
  })

  afterEach(async () => {
    const name = expect.getState().currentTestName ?? "test"
    if (page) {
      mkdirSync(SCREENSHOTS, { recursive: true })
      await page
        .screenshot({ path: join(SCREENSHOTS, fileName(name)), fullPage: true })
        .catch(() => undefined)
    }
    await leave()
    context = undefined
    page = undefined
  })

  afterAll(async () => {
    await kept?.close()
    await browser?.close()
  })

  return {
    page(): Page {
      if (!page) throw new Error("no page outside a test")
      return page
    },
    /** Replaces the test's page with one on `viewport` (a fresh context: no cookies, no storage). */
    async pageOn(viewport: ViewportName): Promise<Page> {
      await leave()
      context = await browser!.newContext(VIEWPORTS[viewport])
      page = await context.newPage()
      page.setDefaultTimeout(budget(20_000))
      return page
    },
    /** Saves the page as it is now, beside the tests' last pages. */
    async screenshot(name: string): Promise<void> {
      mkdirSync(SCREENSHOTS, { recursive: true })
      await page?.screenshot({ path: join(SCREENSHOTS, fileName(name)) })
    },
  }
}

/**
 * Leaves `context` as a new visitor's, its HTTP cache apart: no cookies, no
 * origin's storage, no page (sessionStorage goes with its tab). Throws if
 * anything is left, so the next test cannot start logged in.
 */
async function forgetVisitor(context: BrowserContext): Promise<void> {
  const before = await context.storageState({ indexedDB: true })
  const devtools = await context.newCDPSession(await context.newPage())
  for (const { origin } of before.origins)
    await devtools.send("Storage.clearDataForOrigin", {
      origin,
      storageTypes: "local_storage,indexeddb,cache_storage,service_workers",
    })
  await devtools.detach()
  await context.clearCookies()
  for (const open of context.pages()) await open.close()
  const after = await context.storageState({ indexedDB: true })
  if (after.cookies.length || after.origins.length)
    throw new Error(
      `the browser kept ${after.cookies.length} cookies and the storage of ${after.origins.map((o) => o.origin).join(", ") || "no origin"} after the test`
    )
}

/** A Chromium shared by one spec file's cases. */
export type RealBrowser = ReturnType<typeof realBrowser>
