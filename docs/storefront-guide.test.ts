/**
 * The Next.js guide of docs/storefront.md as a machine applies it
 * (scripts/docs/nextjs-guide.ts): every TypeScript block says what it does
 * to which file, each in-place edit names in its text the line it looks
 * for, and examples/nextjs-checkout is exactly the starter shell with the
 * guide applied. The browser spec (integration-tests/browser/
 * nextjs-checkout.spec.ts) builds and pays through that same app.
 */
import { readFileSync } from "node:fs"
import {
  applyGuide,
  EXAMPLE,
  GUIDE,
  guideBlocks,
  nextjsExample,
  readTree,
} from "../scripts/docs/nextjs-guide"

const DOC = readFileSync(GUIDE, "utf8")
const oneLine = (text: string) => text.replace(/\s+/g, " ").trim()

describe("docs/storefront.md's Next.js guide", () => {
  it("says of every TypeScript block what it does to which file", () => {
    const blocks = guideBlocks(DOC)
    expect(blocks.length).toBeGreaterThan(20)
    expect(
      blocks.filter((block) => !block.directive).map((block) => block.line)
    ).toEqual([])
  })

  it("names in its text the line each one-line edit looks for", () => {
    const unnamed = guideBlocks(DOC).flatMap((block) => {
      const directive = block.directive
      if (!directive || !("anchor" in directive) || !directive.anchor) return []
      const before = DOC.split("\n")
        .slice(0, block.line - 1)
        .join("\n")
      // the prose since the previous block
      const prose = before.slice(before.lastIndexOf("```") + 3)
      const named = [...prose.matchAll(/`([^`]+)`/g)].map((m) => oneLine(m[1]))
      return named.includes(oneLine(directive.anchor))
        ? []
        : [`${block.line}: ${directive.anchor}`]
    })
    expect(unnamed).toEqual([])
  })

  it("refuses an edit whose lines the starter does not have, or has twice", () => {
    const files = new Map([
      ["src/a.ts", "const a = 1\nconst b = 2\nconst b = 2\n"],
    ])
    const guide = (anchor: string) =>
      `## Medusa's Next.js starter storefront, step by step\n\n<!-- guide: replace src/a.ts | ${anchor} -->\n\`\`\`ts\nconst c = 3\n\`\`\`\n`
    expect(applyGuide(files, guide("const a = 1")).files.get("src/a.ts")).toBe(
      "const c = 3\nconst b = 2\nconst b = 2\n"
    )
    expect(() => applyGuide(files, guide("const z = 0"))).toThrow(
      /no place has the line "const z = 0"/
    )
    expect(() => applyGuide(files, guide("const b = 2"))).toThrow(
      /2 places have the line "const b = 2"/
    )
  })

  it("is examples/nextjs-checkout: the starter shell with the guide applied, to the byte (npm run example:nextjs writes it)", () => {
    const expected = nextjsExample(DOC)
    const actual = readTree(EXAMPLE)
    expect([...actual.keys()].sort()).toEqual([...expected.keys()].sort())
    const differing = [...expected].filter(
      ([path, text]) => actual.get(path) !== text
    )
    expect(differing.map(([path]) => path)).toEqual([])
  })
})
