/** The audit list: who changed which fields of which account, when. Never values. */
import { Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { useSettingsChanges } from "../../../../hooks/settings/use-settings-changes"
import type { Account } from "../../../../lib/settings-api"

const PAGE = 10

export function ChangesSection({ accounts }: { accounts: Account[] }) {
  const [offset, setOffset] = useState(0)
  const { data, isLoading } = useSettingsChanges(PAGE, offset)
  const names = new Map(accounts.map((a) => [a.id, a.name]))
  const count = data?.count ?? 0
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Changes</Heading>
      </div>
      {isLoading ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          Loading…
        </Text>
      ) : !data?.changes.length ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          No changes yet.
        </Text>
      ) : (
        <>
          <Table>
            <Table.Header>
              <Table.Row>
                <Table.HeaderCell>When</Table.HeaderCell>
                <Table.HeaderCell>Who</Table.HeaderCell>
                <Table.HeaderCell>Account</Table.HeaderCell>
                <Table.HeaderCell>Change</Table.HeaderCell>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {data.changes.map((change) => (
                <Table.Row key={change.id}>
                  <Table.Cell>
                    {new Date(change.created_at).toLocaleString()}
                  </Table.Cell>
                  <Table.Cell>
                    {change.actor_email ?? change.actor_id ?? "—"}
                  </Table.Cell>
                  <Table.Cell>
                    {names.get(change.account_id) ?? change.account_id}
                  </Table.Cell>
                  <Table.Cell>
                    {change.action}
                    {change.fields.length
                      ? `: ${change.fields.join(", ")}`
                      : ""}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table>
          {count > PAGE && (
            <div className="flex items-center justify-end gap-x-2 px-6 py-3">
              <Text size="small" className="text-ui-fg-subtle">
                {offset + 1}–{Math.min(offset + PAGE, count)} of {count}
              </Text>
              <Button
                size="small"
                variant="secondary"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                Previous
              </Button>
              <Button
                size="small"
                variant="secondary"
                disabled={offset + PAGE >= count}
                onClick={() => setOffset(offset + PAGE)}
              >
                Next
              </Button>
            </div>
          )}
        </>
      )}
    </Container>
  )
}
