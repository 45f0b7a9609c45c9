export { moneyVersionRoute as GET } from "../../../../../../order-payments/admin-routes"
