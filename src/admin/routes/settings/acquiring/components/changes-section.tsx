/** The audit list: who changed what in which account, when; each changed field before → after, never a sign key. */
import { Button, Container, Heading, Table, Text } from "@medusajs/ui"
import { useState } from "react"
import { useSettingsChanges } from "../../../../hooks/settings/use-settings-changes"
import {
  changeLines,
  type Account,
  type ProviderSettings,
} from "../../../../lib/settings-api"
import { accountServes, blankText } from "./settings-texts"

const PAGE = 10

export function ChangesSection({
  accounts,
  providers,
}: {
  accounts: Account[]
  providers: ProviderSettings[]
}) {
  const [offset, setOffset] = useState(0)
  const { data, isLoading } = useSettingsChanges(PAGE, offset)
  const names = new Map(accounts.map((a) => [a.id, a.name]))
  // what a field left blank stands for: medusa-config or the default, for the providers the account serves
  const blankOf = (accountId: string) => {
    const account = accounts.find((a) => a.id === accountId)
    const served = account
      ? providers.filter((p) => accountServes(account, p.id))
      : providers
    return (field: string) => blankText(field, served)
  }
  const count = data?.count ?? 0
  return (
    <Container className="divide-y p-0">
      <div className="px-6 py-4">
        <Heading level="h2">Changes</Heading>
        <Text size="small" className="text-ui-fg-subtle">
          Each save lists the fields it changed, before → after. A field left
          blank reads as what stands in for it today: &ldquo;medusa-config
          (…)&rdquo; for the provider options in medusa-config.ts,
          &ldquo;default (…)&rdquo; for the plugin&apos;s default, &ldquo;not
          set&rdquo; when neither gives one. Sign keys are never shown, only
          that one was set or replaced.
        </Text>
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
                <Table.Row key={change.id} data-testid="acquiring-change">
                  <Table.Cell>
                    {new Date(change.created_at).toLocaleString()}
                  </Table.Cell>
                  <Table.Cell>
                    {/* no user: the plugin's upgrade removing stored defaults */}
                    {change.actor_email ?? change.actor_id ?? "Plugin upgrade"}
                  </Table.Cell>
                  <Table.Cell>
                    {names.get(change.account_id) ?? change.account_id}
                  </Table.Cell>
                  <Table.Cell className="whitespace-normal py-2">
                    <Text size="small" weight="plus">
                      {change.action}
                    </Text>
                    <ul>
                      {changeLines(change, blankOf(change.account_id)).map(
                        (line) => (
                          <li key={line}>
                            <Text size="small" className="break-all">
                              {line}
                            </Text>
                          </li>
                        )
                      )}
                    </ul>
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
