import type { Page } from "playwright-core"
import { budget } from "../setup/time-budget"

/** What the plugin renders in the admin: its pages and widgets, and the dialogs they open. */
export const PLUGIN_MARKUP = [
  "[data-acquiring-root]",
  '[role="dialog"]',
  '[role="alertdialog"]',
]

/** The finding of a check that met none of the parts it was to check. */
const NONE_PRESENT = "none of the parts to check is on the page"

/**
 * axe-core's findings on the page as it is now: rule id and the elements,
 * empty when it finds nothing, judged once running animations have ended. `include` limits the check to those parts
 * (the admin's own shell has findings that are not the plugin's).
 */
export async function accessibilityViolations(
  page: Page,
  { include }: { include?: string[] } = {}
): Promise<string[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      // Vite's dev server reloads the page when it meets a dependency late:
      // the check waits for the parts to be back rather than judge a blank page
      if (include)
        await page
          .locator(include.join(", "))
          .first()
          .waitFor({
            state: "attached",
            timeout: budget(30_000),
          })
      const found = await violationsNow(page, include)
      if (found.join() !== NONE_PRESENT || attempt === 2) return found
    } catch (error) {
      // the page navigated under the check (its script context went with it):
      // the check runs again, once, on the page it arrived at
      if (
        attempt === 2 ||
        !/context was destroyed|navigat/i.test(String(error))
      )
        throw error
    }
    await page.waitForLoadState()
  }
}

async function violationsNow(
  page: Page,
  include: string[] | undefined
): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve("axe-core") })
  const violations = await page.evaluate(
    async ({ selectors, none }) => {
      const axe = (window as unknown as { axe: any }).axe
      // a dialog fading in blends its colours with the page behind: contrast is
      // judged once the opening animations have ended (spinners never end)
      await Promise.all(
        document
          .getAnimations()
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined))
      )
      // the parts are looked up again on every run: a part that leaves the
      // page while axe walks it (a dialog closing, a page re-rendering) makes
      // axe throw, and that run counts as one that saw a change
      let result: any
      let run = 1
      for (; ; run++) {
        const present = selectors?.filter((s) => document.querySelector(s))
        if (present && !present.length)
          return {
            found: [none],
            runs: run,
          }
        const context = present
          ? { include: present.map((s) => [s]) }
          : document
        // a page that polls may re-render while axe walks it, and a tree half
        // old, half new has findings neither has: a result counts only when
        // nothing changed during its run
        let changed = false
        const watch = new MutationObserver(() => {
          changed = true
        })
        watch.observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        })
        try {
          result = await axe.run(context)
        } catch (error) {
          if (run === 5) throw error
          changed = true
        } finally {
          watch.disconnect()
        }
        if (!changed || run === 5) break
      }
      const found: string[] = result.violations.map(
        (v: {
          id: string
          impact: string
          nodes: { target: string[]; html: string }[]
        }) =>
          `${v.id} (${v.impact}): ${v.nodes.map((n) => `${n.target.join(" ")} ${n.html.slice(0, 160)}`).join(", ")}`
      )
      return { found, runs: run }
    },
    { selectors: include, none: NONE_PRESENT }
  )
  if (violations.runs > 1) console.info(`[axe] ${violations.runs} runs`)
  return violations.found
}
