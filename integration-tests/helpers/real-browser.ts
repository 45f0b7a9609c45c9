import { mkdirSync } from "node:fs"
import { join, resolve } from "node:path"
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
} from "playwright-core"

const SCREENSHOTS = resolve(__dirname, "..", "..", ".artifacts", "screenshots")

/**
 * The Chromium CHROME_PATH names, else the one the @sparticuz/chromium
 * package ships (unpacked to the temp folder), so a fresh clone needs
 * nothing but Node.
 */
async function chromiumLaunch(): Promise<Browser> {
  const executablePath =
    process.env.CHROME_PATH ||
    (await (await import("@sparticuz/chromium")).default.executablePath())
  // Not the package's own Lambda flags: they turn off web security (CORS)
  // and run one process, which dies when a test's context closes.
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-background-networking",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-component-update",
      "--disable-sync",
    ],
  })
}

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
export function realBrowser() {
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  let page: Page | undefined

  beforeAll(async () => {
    browser = await chromiumLaunch()
  })

  beforeEach(async () => {
    context = await browser!.newContext({
      viewport: { width: 1024, height: 800 },
    })
    page = await context.newPage()
    page.setDefaultTimeout(20_000)
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
    /** Saves the page as it is now, beside the tests' last pages. */
    async screenshot(name: string): Promise<void> {
      mkdirSync(SCREENSHOTS, { recursive: true })
      await page?.screenshot({ path: join(SCREENSHOTS, fileName(name)) })
    },
  }
}
