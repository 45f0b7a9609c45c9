/**
 * The statement descriptor: the text card holders read on their bank
 * statement, and whether the payment's order number follows it.
 */
import { Checkbox, Label } from "@medusajs/ui"
import { TextField } from "./text-field"

const DESCRIPTOR_HINT =
  "What card holders read on their bank statement: up to 22 Latin letters, digits, spaces and . , - * / & + #, with a letter. With the order number appended, at most 15, and the end of the payment's order number fills the rest. Blank: medusa-config's, else the acquirer's own."

export function StatementDescriptorField({
  text,
  append,
  error,
  onText,
  onAppend,
}: {
  text: string
  append: boolean
  error?: string
  onText: (text: string) => void
  onAppend: (append: boolean) => void
}) {
  return (
    <>
      <TextField
        id="descriptor_text"
        label="Statement descriptor"
        value={text}
        onChange={onText}
        error={error}
        optional
        placeholder="ACME*SHOP"
        hint={DESCRIPTOR_HINT}
      />
      <div className="flex items-center gap-x-2">
        <Checkbox
          id="descriptor_append"
          checked={append}
          onCheckedChange={(v) => onAppend(v === true)}
        />
        <Label htmlFor="descriptor_append" size="small">
          Append the payment&apos;s order number to the statement descriptor
        </Label>
      </div>
    </>
  )
}
