/**
 * The order widget's "Charge saved card": for an order whose customer kept
 * a card, staff charge it (merchant-initiated, no security code) for what
 * the order owes or an amount they enter with a reason; more than the
 * order owes only once they tick the confirmation. One request id per
 * opened form: a double click or a retry charges once.
 */
import {
  Button,
  Checkbox,
  Heading,
  Input,
  Label,
  Select,
  Text,
  toast,
} from "@medusajs/ui"
import { useId, useState } from "react"
import { CURRENCY_DIGITS } from "../../../gateway/money/currency-digits"
import { useChargeSavedCard } from "../../hooks/merchant-charges/use-charge-saved-card"
import { useSavedCards } from "../../hooks/saved-cards/use-saved-cards"
import { amountText } from "../../lib/amount-text"
import { amountMistake, isOverOwed } from "../../lib/charge-amount"
import { cardLabel } from "../../lib/saved-cards-api"
import { owesSomething } from "../../lib/payment-link-balance"

function newRequestId(): string {
  return crypto.randomUUID()
}

export function ChargeSavedCardSection({
  orderId,
  customerId,
  owed,
}: {
  orderId: string
  customerId: string
  /** what the order owes now, "0.00" when nothing */
  owed: { amount: string; currency: string }
}) {
  const { data: cards } = useSavedCards(customerId)
  const charge = useChargeSavedCard(orderId)
  const [open, setOpen] = useState(false)
  const [requestId, setRequestId] = useState(newRequestId)
  const [cardId, setCardId] = useState<string>()
  const [amount, setAmount] = useState("")
  const [reason, setReason] = useState("")
  const [confirmed, setConfirmed] = useState(false)
  const ids = {
    heading: useId(),
    card: useId(),
    amount: useId(),
    reason: useId(),
    confirm: useId(),
    amountError: useId(),
  }
  if (!cards?.length) return null

  const digits = CURRENCY_DIGITS.get(owed.currency.toUpperCase()) ?? 2
  const mistake = amount.trim() ? amountMistake(amount, digits) : undefined
  const over = isOverOwed(amount, owed.amount)
  const ready =
    !!amount.trim() && !mistake && !!reason.trim() && (!over || confirmed)
  const start = () => {
    setRequestId(newRequestId())
    setAmount(owesSomething(owed) ? owed.amount : "")
    setReason("")
    setConfirmed(false)
    charge.reset()
    setOpen(true)
  }
  const submit = () =>
    charge.mutate(
      {
        amount: amount.trim(),
        reason: reason.trim(),
        request_id: requestId,
        saved_card_id: cardId ?? cards[0].id,
        ...(over ? { confirm_over_balance: true } : {}),
      },
      {
        onSuccess: (done) => {
          toast.success(done.message)
          setOpen(false)
        },
      }
    )

  return (
    <section
      className="flex flex-col gap-y-3 px-6 py-4"
      aria-labelledby={ids.heading}
      data-testid="charge-saved-card"
    >
      <div className="flex items-center justify-between gap-x-2">
        <Heading id={ids.heading} level="h3">
          Saved card
        </Heading>
        {!open && (
          <Button size="small" variant="secondary" onClick={start}>
            Charge saved card
          </Button>
        )}
      </div>
      {!open && (
        <Text size="small" className="text-ui-fg-subtle">
          The customer keeps {cards.map(cardLabel).join(", ")}: charge it for
          what they agreed to, without asking for the card again.
        </Text>
      )}
      {open && (
        <form
          className="flex flex-col gap-y-3"
          onSubmit={(event) => {
            event.preventDefault()
            if (ready) submit()
          }}
        >
          {cards.length > 1 && (
            <div className="flex flex-col gap-y-1">
              <Label htmlFor={ids.card} size="small" weight="plus">
                Card
              </Label>
              <Select value={cardId ?? cards[0].id} onValueChange={setCardId}>
                <Select.Trigger id={ids.card}>
                  <Select.Value />
                </Select.Trigger>
                <Select.Content>
                  {cards.map((card) => (
                    <Select.Item key={card.id} value={card.id}>
                      {cardLabel(card)}
                    </Select.Item>
                  ))}
                </Select.Content>
              </Select>
            </div>
          )}
          <div className="flex flex-col gap-y-1">
            <Label htmlFor={ids.amount} size="small" weight="plus">
              Amount ({owed.currency.toUpperCase()})
            </Label>
            <Input
              id={ids.amount}
              size="small"
              inputMode="decimal"
              value={amount}
              onChange={(e) => setAmount(e.target.value)}
              aria-invalid={!!mistake}
              aria-describedby={mistake ? ids.amountError : undefined}
            />
            {mistake && (
              <Text
                id={ids.amountError}
                size="small"
                className="text-ui-fg-error"
              >
                {mistake}
              </Text>
            )}
            <Text size="small" className="text-ui-fg-subtle">
              The order owes {amountText(owed.amount, owed.currency)}.
            </Text>
          </div>
          <div className="flex flex-col gap-y-1">
            <Label htmlFor={ids.reason} size="small" weight="plus">
              Reason
            </Label>
            <Input
              id={ids.reason}
              size="small"
              maxLength={200}
              placeholder="What the customer agreed to"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          {over && (
            <div className="flex items-start gap-x-2">
              <Checkbox
                id={ids.confirm}
                checked={confirmed}
                onCheckedChange={(checked) => setConfirmed(checked === true)}
              />
              <Label htmlFor={ids.confirm} size="small">
                Charge more than the order owes: the customer agreed to it
              </Label>
            </div>
          )}
          {charge.error && (
            <Text size="small" className="text-ui-fg-error" role="alert">
              {charge.error.message}
            </Text>
          )}
          <div className="flex justify-end gap-x-2">
            <Button
              size="small"
              variant="secondary"
              type="button"
              onClick={() => setOpen(false)}
            >
              Cancel
            </Button>
            <Button
              size="small"
              type="submit"
              disabled={!ready}
              isLoading={charge.isPending}
            >
              Charge card
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
