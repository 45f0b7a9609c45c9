import type { Page } from "playwright-core"

/** axe-core's findings on the page as it is now: rule id and the elements, empty when it finds nothing. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  await page.addScriptTag({ path: require.resolve("axe-core") })
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: any }).axe
    const result = await axe.run(document)
    return result.violations.map(
      (v: { id: string; nodes: { target: string[] }[] }) =>
        `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`
    )
  })
  return violations as string[]
}
