// What the kit reference's snippets take from the reader's own code.
import type Medusa from "@medusajs/js-sdk"
import type {
  AcquiringSession,
  PaymentReturn,
  CardDetails,
  CardHolder,
  CardOutcome,
  SavedCard,
  StoreMethod,
  Subscription,
  StoreTransport,
} from "medusa-payment-acquiring-storefront"
import type { CardFormCart } from "medusa-payment-acquiring-storefront/react"

declare global {
  const BACKEND_URL: string
  const PUBLISHABLE_KEY: string
  const token: string
  const sdk: Medusa
  const store: StoreTransport<StoreMethod>
  const session: AcquiringSession
  const cart: CardFormCart
  const hostedSession: AcquiringSession
  const card: SavedCard
  const subscription: Subscription
  let cards: SavedCard[]
  const typedCard: CardDetails
  const holder: CardHolder
  const outcome: CardOutcome
  function showCart(): void
  function showOrder(orderId: string): void
  function showBeingChecked(): void
  function showFailed(text?: string): void
  function showAwaitingTransfer(found: PaymentReturn): void
  function showTransferEnded(found: PaymentReturn): void
  function showNewCardForm(message: string): void
  function placeOrder(): void
}
