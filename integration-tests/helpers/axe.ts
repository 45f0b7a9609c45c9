import type { Page } from "playwright-core"

/** What the plugin renders in the admin: its pages and widgets, and the dialogs they open. */
export const PLUGIN_MARKUP = [
  "[data-acquiring-root]",
  '[role="dialog"]',
  '[role="alertdialog"]',
]

/**
 * axe-core's findings on the page as it is now: rule id and the elements,
 * empty when it finds nothing, judged once running animations have ended. `include` limits the check to those parts
 * (the admin's own shell has findings that are not the plugin's).
 */
export async function accessibilityViolations(
  page: Page,
  { include }: { include?: string[] } = {}
): Promise<string[]> {
  try {
    return await violationsNow(page, include)
  } catch (error) {
    // the page navigated under the check (its script context went with it):
    // the check runs again, once, on the page it arrived at
    if (!/context was destroyed|navigat/i.test(String(error))) throw error
    await page.waitForLoadState()
    return violationsNow(page, include)
  }
}

async function violationsNow(
  page: Page,
  include: string[] | undefined
): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve("axe-core") })
  const violations = await page.evaluate(async (selectors) => {
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
          found: ["none of the parts to check is on the page"],
          runs: run,
        }
      const context = present ? { include: present.map((s) => [s]) } : document
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
  }, include)
  if (violations.runs > 1) console.info(`[axe] ${violations.runs} runs`)
  return violations.found
}
