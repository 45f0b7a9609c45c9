import { ArrowDownTray } from "@medusajs/icons"
import { Button, Heading, Text } from "@medusajs/ui"
import { useId, type ReactNode } from "react"
import { Link } from "react-router-dom"

/**
 * One figure of the overview: its heading and what it means, the chart
 * (hidden from assistive technology: `numbers` is its text alternative, the
 * same values as a table), and its CSV.
 */
export function FigureCard({
  title,
  description,
  summary,
  chart,
  numbers,
  numbersLabel,
  onExport,
  exporting,
  history,
  testId,
}: {
  title: string
  description: string
  /** the figure in one line, above the chart */
  summary?: ReactNode
  chart?: ReactNode
  numbers: ReactNode
  /** the disclosure's label when the numbers fold under the chart */
  numbersLabel?: string
  onExport?: () => void
  exporting?: boolean
  /** the payments behind the figure (a Payment history search, the Chargebacks page), and the link's words */
  history?: { path: string; label: string }
  testId: string
}) {
  const heading = useId()
  return (
    <section
      className="flex flex-col gap-y-3 px-6 py-4"
      aria-labelledby={heading}
      data-testid={testId}
    >
      <div className="flex items-start justify-between gap-x-4">
        <div>
          <Heading id={heading} level="h2">
            {title}
          </Heading>
          <Text size="small" className="text-ui-fg-subtle">
            {description}
          </Text>
        </div>
        {onExport && (
          <Button
            size="small"
            variant="secondary"
            className="shrink-0"
            isLoading={exporting}
            onClick={onExport}
            aria-label={`Export ${title} as CSV`}
          >
            <ArrowDownTray />
            CSV
          </Button>
        )}
      </div>
      {summary}
      {history && (
        // Medusa's interactive blue falls short of 4.5:1 on white: the base colour, underlined
        <Link
          to={history.path}
          className="text-ui-fg-base txt-compact-small self-start underline underline-offset-2 hover:no-underline"
        >
          {history.label}
        </Link>
      )}
      {chart && (
        <div className="h-56 w-full" aria-hidden="true">
          {chart}
        </div>
      )}
      {numbersLabel ? (
        <details>
          <summary className="text-ui-fg-subtle txt-compact-small cursor-pointer">
            {numbersLabel}
          </summary>
          {numbers}
        </details>
      ) : (
        numbers
      )}
    </section>
  )
}
