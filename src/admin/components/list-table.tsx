import { Table, Text } from "@medusajs/ui"
import type { ReactNode } from "react"

/**
 * A plugin page's list: its column headings, then its rows, or one line in
 * their place saying why there are none (loading, nothing found).
 */
export function ListTable({
  columns,
  alignRight = [],
  state,
  children,
}: {
  columns: string[]
  /** the columns of amounts */
  alignRight?: string[]
  /** what to say instead of rows */
  state?: string
  children: ReactNode
}) {
  return (
    // a narrow window scrolls the list sideways rather than cutting columns off;
    // cells a little closer than Medusa's 24 px: the lists have many columns
    <div className="overflow-x-auto">
      <Table className="[&_td]:pr-4 [&_th]:pr-4">
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.HeaderCell
                key={column}
                className={
                  alignRight.includes(column) ? "text-right" : undefined
                }
              >
                {column}
              </Table.HeaderCell>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {state ? (
            <Table.Row>
              {/* Table.Cell's type leaves out colSpan: its own classes on a plain cell */}
              <td colSpan={columns.length} className="h-12 py-0 pr-6">
                <Text size="small" className="text-ui-fg-subtle">
                  {state}
                </Text>
              </td>
            </Table.Row>
          ) : (
            children
          )}
        </Table.Body>
      </Table>
    </div>
  )
}
