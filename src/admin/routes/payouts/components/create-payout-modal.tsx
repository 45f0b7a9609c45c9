/**
 * Create a payout in a focus modal: payment, beneficiary and payer grouped,
 * checked as the merchant types. A refused send moves focus to the first
 * field in error, whose message is linked to it and announced.
 */
import { PayingAccountField } from "./paying-account-field"
import { CloseButton } from "../../../components/close-button"
import {
  Button,
  FocusModal,
  Heading,
  Input,
  Kbd,
  Select,
  Text,
  toast,
} from "@medusajs/ui"
import { useEffect, useRef, useState } from "react"
import { useNavigate } from "react-router-dom"
import { useCreatePayout } from "../../../hooks/payouts/use-payouts"
import { controlAria, FormField } from "../../../components/form-field"
import {
  bodyOf,
  emptyForm,
  fieldOfServerError,
  reasonOfServerError,
  FORM_FIELDS,
  validate,
  type FieldName,
  type FormErrors,
  type PayoutForm,
} from "./payout-form-schema"

type Options = { value: string; label: string }[]

// randomUUID exists only in a secure context; an admin served over plain http gets 32 random hex digits
const newIdempotencyKey = () =>
  typeof crypto.randomUUID === "function"
    ? crypto.randomUUID()
    : Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) =>
        byte.toString(16).padStart(2, "0")
      ).join("")

export function CreatePayoutModal({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const [form, setForm] = useState<PayoutForm>(emptyForm)
  const [touched, setTouched] = useState<Partial<Record<FieldName, boolean>>>(
    {}
  )
  const [serverErrors, setServerErrors] = useState<FormErrors>({})
  // one key per opened form: a double click or a retry after a lost answer makes one payout
  const [idempotencyKey, setIdempotencyKey] = useState(newIdempotencyKey)
  const create = useCreatePayout()
  const navigate = useNavigate()
  const body = useRef<HTMLDivElement>(null)
  // focused after the render that shows its error, so the error is read with it
  const [focusOn, setFocusOn] = useState<FieldName>()
  useEffect(() => {
    if (!focusOn) return
    body.current?.querySelector<HTMLElement>(`#${CSS.escape(focusOn)}`)?.focus()
    setFocusOn(undefined)
  }, [focusOn])

  const checks = validate(form)
  const errorOf = (field: FieldName) =>
    serverErrors[field] ?? (touched[field] ? checks[field] : undefined)

  const set = (field: FieldName, value: string) => {
    setForm((f) => ({ ...f, [field]: value }))
    setTouched((t) => ({ ...t, [field]: true }))
    setServerErrors((e) => ({ ...e, [field]: undefined }))
  }

  const text = (
    field: FieldName,
    label: string,
    options: { optional?: boolean; placeholder?: string; type?: string } = {}
  ) => (
    <FormField
      id={field}
      label={label}
      optional={options.optional}
      error={errorOf(field)}
    >
      <Input
        id={field}
        name={field}
        type={options.type}
        value={form[field]}
        placeholder={options.placeholder}
        {...controlAria(field, { error: errorOf(field) })}
        onChange={(e) => set(field, e.target.value)}
        onBlur={() => setTouched((t) => ({ ...t, [field]: true }))}
      />
    </FormField>
  )

  const select = (field: FieldName, label: string, options: Options) => (
    <FormField id={field} label={label} error={errorOf(field)}>
      <Select value={form[field]} onValueChange={(v) => set(field, v)}>
        <Select.Trigger
          id={field}
          name={field}
          {...controlAria(field, { error: errorOf(field) })}
        >
          <Select.Value />
        </Select.Trigger>
        <Select.Content>
          {options.map((o) => (
            <Select.Item key={o.value} value={o.value}>
              {o.label}
            </Select.Item>
          ))}
        </Select.Content>
      </Select>
    </FormField>
  )

  const entity: Options = [
    { value: "COMPANY", label: "Company" },
    { value: "INDIVIDUAL", label: "Individual" },
  ]

  const names = (party: "beneficiary" | "payer") =>
    form[`${party}.entity_type`] === "COMPANY" ? (
      text(`${party}.company_name`, "Company name")
    ) : (
      <div className="grid grid-cols-2 gap-4">
        {text(`${party}.first_name`, "First name")}
        {text(`${party}.last_name`, "Last name")}
      </div>
    )

  const close = (next: boolean) => {
    if (!next) {
      setForm(emptyForm())
      setTouched({})
      setServerErrors({})
      setIdempotencyKey(newIdempotencyKey())
    }
    onOpenChange(next)
  }

  const submit = () => {
    setTouched(Object.fromEntries(FORM_FIELDS.map((f) => [f, true])))
    // FORM_FIELDS lists the fields in the order the form shows them
    const firstInvalid = FORM_FIELDS.find((f) => checks[f])
    if (firstInvalid) {
      setFocusOn(firstInvalid)
      return
    }
    const request = { ...bodyOf(form), idempotency_key: idempotencyKey }
    create.mutate(request, {
      onSuccess: (payout) => {
        toast.success(`Payout sent: ${payout.status}`)
        close(false)
        navigate(`/payouts/${payout.id}`)
      },
      onError: (error) => {
        const field = fieldOfServerError(error.message)
        if (field) {
          setServerErrors((e) => ({
            ...e,
            [field]: reasonOfServerError(error.message),
          }))
          setFocusOn(field)
        }
        toast.error(error.message)
      },
    })
  }

  return (
    <FocusModal open={open} onOpenChange={close}>
      <FocusModal.Content>
        {/* FocusModal.Header's own close button has no name: the same header, with one */}
        <div className="border-ui-border-base flex items-center justify-between gap-x-4 border-b px-4 py-2">
          <div className="flex items-center gap-x-2">
            <FocusModal.Close asChild>
              <CloseButton />
            </FocusModal.Close>
            <Kbd>esc</Kbd>
          </div>
          <Button
            size="small"
            onClick={submit}
            isLoading={create.isPending}
            data-testid="send-payout"
          >
            Send payout
          </Button>
        </div>
        <FocusModal.Body
          ref={body}
          className="flex flex-col items-center overflow-y-auto py-12"
        >
          <div className="flex w-full max-w-[720px] flex-col gap-y-8">
            <div>
              <FocusModal.Title asChild>
                <Heading>New payout</Heading>
              </FocusModal.Title>
              <FocusModal.Description asChild>
                <Text size="small" className="text-ui-fg-subtle">
                  Sent once: a retry after a lost answer uses the same request
                  id, so the beneficiary is never paid twice.
                </Text>
              </FocusModal.Description>
            </div>
            <section className="flex flex-col gap-y-4" data-group="payment">
              <Heading level="h2">Payment</Heading>
              <div className="grid grid-cols-2 gap-4">
                {text("payment_amount", "Amount", { placeholder: "150.00" })}
                {text("payment_currency", "Currency", { placeholder: "USD" })}
                <PayingAccountField
                  value={form.account_id}
                  currency={form.payment_currency}
                  error={errorOf("account_id")}
                  onChange={(v) => set("account_id", v)}
                />
                {text("payment_date", "Payment date", {
                  optional: true,
                  type: "date",
                })}
                {select("payment_method", "Method", [
                  { value: "SWIFT", label: "SWIFT wire" },
                  { value: "LOCAL", label: "Local transfer" },
                ])}
                {select("swift_charge_option", "Charges", [
                  { value: "SHARED", label: "Shared" },
                  { value: "OUR", label: "Ours" },
                  { value: "BEN", label: "Beneficiary's" },
                ])}
                {select("fee_paid_by", "Fee paid by", [
                  { value: "PAYER", label: "Payer" },
                  { value: "BENEFICIARY", label: "Beneficiary" },
                ])}
                {text("fund_source", "Fund source")}
                {text("reference", "Reference", {
                  optional: true,
                  placeholder: "INV-2026-001",
                })}
              </div>
              {text("reason", "Reason", { optional: true })}
            </section>
            <section className="flex flex-col gap-y-4" data-group="beneficiary">
              <Heading level="h2">Beneficiary</Heading>
              {select("beneficiary.entity_type", "Type", entity)}
              {names("beneficiary")}
              <div className="grid grid-cols-2 gap-4">
                {text("beneficiary.address.country_code", "Country", {
                  optional: true,
                  placeholder: "GB",
                })}
                {text("beneficiary.address.city", "City", { optional: true })}
                {text("beneficiary.address.street_address", "Street", {
                  optional: true,
                })}
                {text("beneficiary.address.postcode", "Postcode", {
                  optional: true,
                })}
              </div>
              <Heading level="h3">Bank account</Heading>
              <div className="grid grid-cols-2 gap-4">
                {text("beneficiary.bank_details.account_name", "Account name", {
                  optional: true,
                })}
                {text(
                  "beneficiary.bank_details.account_number",
                  "Account number",
                  { optional: true }
                )}
                {text("beneficiary.bank_details.iban", "IBAN", {
                  optional: true,
                })}
                {text("beneficiary.bank_details.swift_code", "SWIFT / BIC", {
                  optional: true,
                })}
                {text("beneficiary.bank_details.bank_name", "Bank name", {
                  optional: true,
                })}
                {text(
                  "beneficiary.bank_details.bank_country_code",
                  "Bank country",
                  { optional: true, placeholder: "GB" }
                )}
              </div>
            </section>
            <section className="flex flex-col gap-y-4" data-group="payer">
              <Heading level="h2">Payer</Heading>
              {select("payer.entity_type", "Type", entity)}
              {names("payer")}
              {text("payer.address.country_code", "Country", {
                optional: true,
                placeholder: "US",
              })}
            </section>
          </div>
        </FocusModal.Body>
      </FocusModal.Content>
    </FocusModal>
  )
}
