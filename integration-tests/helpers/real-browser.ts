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
 * One browser per test file and a fresh context (no cookies, no storage)
 * per test; the last page of each test is saved under
 * .artifacts/screenshots/ (git-ignored).
 */
export type BrowserOptions = {
  /** Host names the browser resolves to 127.0.0.1 (another site than 127.0.0.1 itself, for SameSite). */
  hosts?: string[]
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

  beforeAll(async () => {
    const rules = (options.hosts ?? []).map((host) => `MAP ${host} 127.0.0.1`)
    browser = await chromiumLaunch(
      rules.length ? [`--host-resolver-rules=${rules.join(",")}`] : []
    )
  })

  beforeEach(async () => {
    context = await browser!.newContext({
      viewport: { width: 1024, height: 800 },
    })
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
    await context?.close()
    context = undefined
    page = undefined
  })

  afterAll(async () => {
    await browser?.close()
  })

  return {
    page(): Page {
      if (!page) throw new Error("no page outside a test")
      return page
    },
    /** Replaces the test's page with one on `viewport` (a fresh context: no cookies, no storage). */
    async pageOn(viewport: ViewportName): Promise<Page> {
      await context?.close()
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

/** A Chromium shared by one spec file's cases. */
export type RealBrowser = ReturnType<typeof realBrowser>
