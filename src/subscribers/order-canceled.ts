export { default, config } from "../cancellation/order-canceled-subscriber"
