import { retrieveCustomer } from "@lib/data/customer"
import { Heading, Text } from "@medusajs/ui"
import { Metadata } from "next"

export const metadata: Metadata = { title: "Account" }

export default async function Overview() {
  const customer = await retrieveCustomer()
  return (
    <div className="flex flex-col gap-y-4" data-testid="overview-page-wrapper">
      <Heading level="h1" className="text-2xl-semi">
        Hello {customer?.first_name}
      </Heading>
      <Text>Signed in as {customer?.email}.</Text>
    </div>
  )
}
