import { Button, Table } from "@medusajs/ui"
import { brandName, cardLabel, type SavedCard } from "../../lib/saved-cards-api"

function When({ iso }: { iso: string }) {
  return <time dateTime={iso}>{new Date(iso).toLocaleString()}</time>
}

/** One saved card: brand and mask, the acquiring account, when saved and last used, Delete. */
export function SavedCardRow({
  card,
  deleting,
  disabled,
  onDelete,
}: {
  card: SavedCard
  deleting: boolean
  disabled: boolean
  onDelete: (card: SavedCard) => void
}) {
  return (
    <Table.Row data-testid="saved-card" data-card-id={card.id}>
      <Table.Cell>
        <span className="text-ui-fg-base">{brandName(card.brand)}</span>{" "}
        {card.card_masked}
      </Table.Cell>
      <Table.Cell>
        {card.merchant_id} / {card.account_id}
      </Table.Cell>
      <Table.Cell>
        <When iso={card.saved_at} />
      </Table.Cell>
      <Table.Cell>
        {card.last_used_at ? <When iso={card.last_used_at} /> : "Never"}
      </Table.Cell>
      <Table.Cell className="text-right">
        <Button
          size="small"
          variant="transparent"
          // the visible "Delete" alone would not say which card
          aria-label={`Delete ${cardLabel(card)}`}
          isLoading={deleting}
          disabled={disabled}
          onClick={() => onDelete(card)}
        >
          Delete
        </Button>
      </Table.Cell>
    </Table.Row>
  )
}
