/**
 * The choice between the customer's saved cards and a new card, as one
 * radio group with a legend so a screen reader names the question.
 */
import type { SavedCard } from "../saved-cards.js"
import type { AcquiringMessages } from "../messages.js"

export type SavedCardPickerProps = {
  /** The radio group's name, unique on the page. */
  name: string
  cards: SavedCard[]
  /** The chosen card's id; null for a new card. */
  chosen: string | null
  onChoose: (id: string | null) => void
  disabled: boolean
  text: AcquiringMessages
}

export function SavedCardPicker(props: SavedCardPickerProps) {
  const option = (id: string | null, label: string) => (
    <label className="acquiring-saved-card" key={id ?? "new"}>
      <input
        type="radio"
        name={props.name}
        value={id ?? "new"}
        checked={props.chosen === id}
        onChange={() => props.onChoose(id)}
      />
      {label}
    </label>
  )
  return (
    <fieldset className="acquiring-saved-cards" disabled={props.disabled}>
      <legend>{props.text.savedCardsLegend}</legend>
      {props.cards.map((card) => option(card.id, props.text.savedCard(card)))}
      {option(null, props.text.newCard)}
    </fieldset>
  )
}
