/**
 * Each sales channel and region of the store and the account serving its
 * card payments, so a merchant with several accounts sees the whole map and
 * the carts nobody serves before a shopper meets them.
 */
import { Alert, Badge, Container, Heading, Table, Text } from "@medusajs/ui"
import type { CartCoverage } from "../../../../lib/settings-api"
import { coverageGaps, servedByText } from "./coverage-texts"

export function CoverageSection({ coverage }: { coverage: CartCoverage[] }) {
  if (!coverage.length) return null
  const gaps = coverageGaps(coverage)
  return (
    <Container className="divide-y p-0" data-testid="coverage">
      <div className="px-6 py-4">
        <Heading level="h2">Sales channels and regions</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          The account serving card payments in each sales channel and region:
          one naming the sales channel first, then the region, then the
          currency, then one serving every cart.
        </Text>
      </div>
      {gaps && (
        <div className="px-6 py-4">
          <Alert variant="warning" data-testid="coverage-gaps">
            {gaps}
          </Alert>
        </div>
      )}
      <Table>
        <Table.Header>
          <Table.Row>
            <Table.HeaderCell>Sales channel</Table.HeaderCell>
            <Table.HeaderCell>Region</Table.HeaderCell>
            <Table.HeaderCell>Served by</Table.HeaderCell>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {coverage.map((row) => (
            <Table.Row
              key={`${row.provider_id}|${row.sales_channel.id}|${row.region.id}`}
              data-testid="coverage-row"
            >
              <Table.Cell>{row.sales_channel.name}</Table.Cell>
              <Table.Cell>
                {row.region.name} ({row.region.currency_code.toUpperCase()})
              </Table.Cell>
              <Table.Cell>
                {row.served_by === "none" ? (
                  <Badge size="2xsmall" color="red">
                    {servedByText(row)}
                  </Badge>
                ) : (
                  servedByText(row)
                )}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table>
    </Container>
  )
}
