/** React Query keys of the customer's saved cards. */
export const savedCardKeys = {
  all: ["acquiring", "saved-cards"] as const,
  ofCustomer: (customerId: string) =>
    [...savedCardKeys.all, "customer", customerId] as const,
}
