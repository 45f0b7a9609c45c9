/**
 * Customer details: the cards the customer saved through the acquiring
 * providers (brand and mask, account, saved, last used), each with Delete
 * after a confirmation.
 */
import { defineWidgetConfig } from "@medusajs/admin-sdk"
import type {
  AdminCustomer,
  DetailWidgetProps,
} from "@medusajs/framework/types"
import { FetchError } from "@medusajs/js-sdk"
import {
  Button,
  Container,
  Heading,
  Text,
  toast,
  usePrompt,
} from "@medusajs/ui"
import { useId } from "react"
import { SavedCardsTable } from "../components/saved-cards/saved-cards-table"
import { useDeleteSavedCard } from "../hooks/saved-cards/use-delete-saved-card"
import { useSavedCards } from "../hooks/saved-cards/use-saved-cards"
import { cardLabel, type SavedCard } from "../lib/saved-cards-api"

const AcquiringSavedCardsWidget = ({
  data: customer,
}: DetailWidgetProps<AdminCustomer>) => {
  const headingId = useId()
  // a failed refresh keeps the cards already shown: the error shows only without them
  const {
    data: cards,
    isLoading,
    error,
    refetch,
    isRefetching,
  } = useSavedCards(customer.id)
  // held here, not in the row: the row is gone once the list refreshes
  const remove = useDeleteSavedCard(customer.id)
  const prompt = usePrompt()

  const confirmDelete = async (card: SavedCard) => {
    const label = cardLabel(card)
    const ok = await prompt({
      title: `Delete ${label}?`,
      description:
        "The customer can no longer pay with this card without entering it again. Payments already made with it are not affected.",
      confirmText: "Delete",
      cancelText: "Cancel",
      // Medusa's danger button falls short of 4.5:1 contrast; the words carry the warning
      variant: "confirmation",
    })
    if (!ok) return
    remove.mutate(card.id, {
      onSuccess: () => toast.success(`${label} deleted`),
      onError: (e) =>
        e instanceof FetchError && e.status === 404
          ? toast.info(`${label} was already deleted`)
          : toast.error(e.message),
    })
  }

  return (
    <Container
      className="divide-y p-0"
      data-testid="acquiring-saved-cards"
      data-acquiring-root=""
    >
      <div className="px-6 py-4">
        <Heading level="h2" id={headingId}>
          Saved cards
        </Heading>
      </div>
      {isLoading ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          Loading saved cards…
        </Text>
      ) : !cards ? (
        <div className="flex items-center justify-between gap-x-4 px-6 py-4">
          <Text size="small" className="text-ui-fg-error">
            {error?.message ?? "The saved cards could not be loaded"}
          </Text>
          <Button
            size="small"
            variant="secondary"
            isLoading={isRefetching}
            onClick={() => refetch()}
          >
            Try again
          </Button>
        </div>
      ) : cards.length === 0 ? (
        <Text size="small" className="text-ui-fg-subtle px-6 py-4">
          No saved cards
        </Text>
      ) : (
        <SavedCardsTable
          cards={cards}
          labelledBy={headingId}
          deletingId={remove.isPending ? remove.variables : undefined}
          onDelete={(card) => void confirmDelete(card)}
        />
      )}
    </Container>
  )
}

export const config = defineWidgetConfig({ zone: "customer.details.after" })

export default AcquiringSavedCardsWidget
