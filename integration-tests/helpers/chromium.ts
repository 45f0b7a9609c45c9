import { chromium, type Browser } from "playwright-core"

/**
 * The Chromium CHROME_PATH names, else the one the @sparticuz/chromium
 * package ships (unpacked to the temp folder), so a fresh clone needs
 * nothing but Node. Used by the browser specs and the install check.
 */
export async function chromiumLaunch(extraArgs: string[]): Promise<Browser> {
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
      ...extraArgs,
    ],
  })
}
