/**
 * The Medusa admin dashboard in a real Chromium, with the plugin's built
 * admin extensions (.medusa/server/src/admin), for any admin page's test.
 *
 * Call adminDashboard() at the top of a spec file, before acquiringSuite():
 * it starts the dashboard on its own 127.0.0.1 port before Medusa boots and
 * adds that origin to the app's admin and auth CORS. The dashboard is
 * bundled once per run and served as a production store serves it (in a
 * child process: admin-dashboard-server.mjs); the backend is not in
 * production mode, which marks the session cookie `secure` and a browser
 * drops over plain http. Cookies ignore ports, so the session the backend
 * sets reaches it from the dashboard's page. The install check serves the
 * dashboard as `medusa develop` does.
 */
import { spawn, type ChildProcess } from "node:child_process"
import { join, resolve } from "node:path"
import type { MedusaContainer } from "@medusajs/framework/types"
import type { Locator, Page } from "playwright-core"
import { createAdminLogin } from "../../dev/local-stack/admin-user"
import { freeLoopbackPort } from "../../dev/local-stack/database"
import { PLUGIN_ROOT_VARIABLE } from "../setup/plugin-snapshot"
import { realBrowser } from "./real-browser"
import { budget, within } from "../setup/time-budget"

export const ADMIN_PATH = "/app"

const REPO_ROOT = resolve(__dirname, "..", "..")

export type AdminLogin = { email: string; password: string }

/** How long a test waits for an open page to follow a change made elsewhere (the plugin's parts ask every 5 s while visible), for the load at that moment. */
export const followsMs = () => budget(30_000)

function startDashboard(
  port: number,
  backendUrl: string
): Promise<ChildProcess> {
  // the run's copy of the plugin (removed when the run ends) holds the run's bundle
  const pluginRoot = process.env[PLUGIN_ROOT_VARIABLE] ?? REPO_ROOT
  const child = spawn(
    process.execPath,
    [
      join(__dirname, "admin-dashboard-server.mjs"),
      String(port),
      backendUrl,
      join(pluginRoot, ".medusa", "server", "src", "admin", "index.mjs"),
      join(pluginRoot, ".medusa", "admin-dashboard"),
    ],
    {
      cwd: REPO_ROOT,
      // a production bundle, as `medusa build` makes (Vite bundles React's development build under NODE_ENV=development)
      env: { ...process.env, NODE_ENV: "production" },
      stdio: ["ignore", "pipe", "pipe"],
    }
  )
  return new Promise((ready, fail) => {
    let output = ""
    const collect = (chunk: Buffer) => {
      output += chunk.toString()
      if (output.includes("ready")) ready(child)
    }
    child.stdout?.on("data", collect)
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()))
    child.on("exit", (code) =>
      fail(new Error(`the dashboard server exited (${code}): ${output}`))
    )
  })
}

export function adminDashboard() {
  const browser = realBrowser({ keepHttpCache: true })
  let dashboard: ChildProcess | undefined
  let origin = ""
  let port = 0

  beforeAll(async () => {
    port = await freeLoopbackPort()
    origin = `http://127.0.0.1:${port}`
    // read by the local stack's medusa-config when the runner boots Medusa after this
    process.env.ACQUIRING_TEST_ADMIN_ORIGIN = origin
    // the run's first dashboard bundles it (about 40 s), a second one waits for that
    dashboard = await within(
      "bundling and starting the admin dashboard's server",
      150_000,
      () => startDashboard(port, `http://127.0.0.1:${process.env.PORT}`)
    )
  }, budget(210_000))

  afterAll(async () => {
    if (dashboard && dashboard.exitCode === null) {
      const ended = new Promise((done) => dashboard!.once("exit", done))
      dashboard.kill()
      await ended
    }
    dashboard = undefined
  })

  return {
    page: browser.page,
    /** Saves the page as it is now to .artifacts/screenshots/<name>.png. */
    screenshot: browser.screenshot,
    /** The dashboard's address, e.g. http://127.0.0.1:41234 (its pages are under /app). */
    origin: () => origin,

    /** An admin who logs in with e-mail and password; the database is restored per test, so call it in each test. */
    async createLogin(container: MedusaContainer): Promise<AdminLogin> {
      const login = {
        email: `admin-${Date.now()}@example.test`,
        password: "admin-password-1",
      }
      await createAdminLogin(container, login.email, login.password)
      return login
    },

    /**
     * Signs the browser in as the dashboard's login does (Medusa's
     * e-mail/password route, then its session cookie) without loading the
     * login page, and returns the blank page: `open` loads the one the test
     * is about, so the dashboard starts once, not three times (login, home,
     * page). `logInThroughForm` keeps the form itself tested.
     */
    async logIn(login: AdminLogin): Promise<Page> {
      const page = browser.page()
      const backend = `http://127.0.0.1:${process.env.PORT}`
      const auth = await page.request.post(`${backend}/auth/user/emailpass`, {
        data: login,
      })
      const { token } = (await auth.json()) as { token?: string }
      if (!token)
        throw new Error(
          `admin login refused (${auth.status()}): ${login.email}`
        )
      const session = await page.request.post(`${backend}/auth/session`, {
        headers: { authorization: `Bearer ${token}` },
      })
      if (!session.ok())
        throw new Error(`admin session refused (${session.status()})`)
      return page
    },

    /** Logs in through the dashboard's own form and waits until it leaves the login page (for its home). */
    async logInThroughForm(login: AdminLogin): Promise<Page> {
      const page = browser.page()
      await page.goto(`${origin}${ADMIN_PATH}/login`, { waitUntil: "commit" })
      const email = page.locator('input[name="email"]')
      await email.waitFor({ timeout: budget(180_000) })
      await email.fill(login.email)
      await page.locator('input[name="password"]').fill(login.password)
      await page.getByRole("button", { name: /continue with email/i }).click()
      await page.waitForURL((url) => !url.pathname.endsWith("/login"), {
        timeout: budget(60_000),
      })
      return page
    },

    /** Opens a dashboard path (e.g. "/settings/acquiring") in the logged-in page. */
    async open(path: string): Promise<Page> {
      const page = browser.page()
      const target = `${origin}${ADMIN_PATH}${path}`
      try {
        await page.goto(target, { waitUntil: "commit" })
      } catch (error) {
        // the dashboard's own navigation after the login (to its home) may abort ours: go again once it is done
        if (!String(error).includes("net::ERR_ABORTED")) throw error
        await page.waitForLoadState()
        await page.goto(target, { waitUntil: "commit" })
      }
      return page
    },
  }
}

/** The dashboard and its browser, as the admin specs share them. */
export type AdminDashboard = ReturnType<typeof adminDashboard>

/**
 * Scrolls to what the widget may render anew meanwhile (a refetch replaces
 * its nodes): a locator that found the old node finds the new one on the
 * next try, where Playwright's scroll gives up at the first detach.
 */
export async function scrollTo(locator: Locator): Promise<void> {
  for (let tries = 1; ; tries++) {
    try {
      return await locator.scrollIntoViewIfNeeded()
    } catch (error) {
      if (tries >= 5 || !/not attached to the DOM/.test(String(error)))
        throw error
    }
  }
}
