export { default, config } from "../capture/payment-captured-subscriber"
