export * from "./review-acquiring-payment"
export * from "./record-acquiring-outcome"
export * from "./steps/review-acquiring-payment"
export * from "./steps/record-acquiring-outcome"
