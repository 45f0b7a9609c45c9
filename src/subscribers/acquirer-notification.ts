export { default, config } from "../notifications/notification-subscriber"
