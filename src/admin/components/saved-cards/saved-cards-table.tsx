import { Table } from "@medusajs/ui"
import type { SavedCard } from "../../lib/saved-cards-api"
import { SavedCardRow } from "./saved-card-row"

/** The customer's saved cards, newest first; one Delete at a time. */
export function SavedCardsTable({
  cards,
  labelledBy,
  deletingId,
  onDelete,
}: {
  cards: SavedCard[]
  /** id of the heading that names the table */
  labelledBy: string
  /** the card being deleted, if any */
  deletingId: string | undefined
  onDelete: (card: SavedCard) => void
}) {
  return (
    <Table aria-labelledby={labelledBy}>
      <Table.Header>
        <Table.Row>
          <Table.HeaderCell>Card</Table.HeaderCell>
          <Table.HeaderCell>Merchant / account</Table.HeaderCell>
          <Table.HeaderCell>Saved</Table.HeaderCell>
          <Table.HeaderCell>Last used</Table.HeaderCell>
          <Table.HeaderCell>
            <span className="sr-only">Actions</span>
          </Table.HeaderCell>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {cards.map((card) => (
          <SavedCardRow
            key={card.id}
            card={card}
            deleting={deletingId === card.id}
            disabled={deletingId !== undefined}
            onDelete={onDelete}
          />
        ))}
      </Table.Body>
    </Table>
  )
}
