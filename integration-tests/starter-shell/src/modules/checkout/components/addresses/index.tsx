"use client"

import { setAddresses } from "@lib/data/cart"
import { HttpTypes } from "@medusajs/types"
import { Button, Heading, Input, Label, Text } from "@medusajs/ui"
import { useSearchParams } from "next/navigation"

const FIELDS = [
  ["email", "Email", "email"],
  ["first_name", "First name", "given-name"],
  ["last_name", "Last name", "family-name"],
  ["address_1", "Address", "address-line1"],
  ["city", "City", "address-level2"],
  ["postal_code", "Postal code", "postal-code"],
] as const

/** The address step: e-mail and one address, for shipping and billing. */
const Addresses = ({
  cart,
}: {
  cart: HttpTypes.StoreCart
  customer: HttpTypes.StoreCustomer | null
}) => {
  const isOpen = useSearchParams().get("step") === "address"
  const address = cart.shipping_address
  const value = (name: (typeof FIELDS)[number][0]) =>
    name === "email" ? cart.email : address?.[name]
  return (
    <div className="bg-white">
      <Heading level="h2" className="text-3xl-regular mb-6">
        Shipping Address
      </Heading>
      {isOpen ? (
        <form action={setAddresses} className="flex flex-col gap-y-4">
          {FIELDS.map(([name, label, autoComplete]) => (
            <div key={name} className="flex flex-col gap-y-1">
              <Label htmlFor={`address-${name}`}>{label}</Label>
              <Input
                id={`address-${name}`}
                name={name}
                defaultValue={value(name) ?? ""}
                autoComplete={autoComplete}
                required
              />
            </div>
          ))}
          <div className="flex flex-col gap-y-1">
            <Label htmlFor="address-country">Country</Label>
            <select
              id="address-country"
              name="country_code"
              className="h-10 rounded-md border border-ui-border-base px-2"
            >
              {(cart.region?.countries ?? []).map((country) => (
                <option key={country.iso_2} value={country.iso_2}>
                  {country.display_name}
                </option>
              ))}
            </select>
          </div>
          <Button size="large" type="submit" className="self-start">
            Continue to delivery
          </Button>
        </form>
      ) : address ? (
        <Text className="txt-medium text-ui-fg-subtle">
          {cart.email}, {address.first_name} {address.last_name},{" "}
          {address.address_1}, {address.postal_code} {address.city}
        </Text>
      ) : null}
    </div>
  )
}

export default Addresses
