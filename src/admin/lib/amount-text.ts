/** An amount as the admin pages show it (the server's texts write it the same way). */
export { amountText } from "../../admin-contract/amount-text"
