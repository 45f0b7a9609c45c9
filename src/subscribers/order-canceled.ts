export { default, config } from "../reconciliation/order-canceled-subscriber"
