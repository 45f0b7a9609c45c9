export {
  orderFulfillmentCreated as default,
  fulfillmentCreatedConfig as config,
} from "../capture/capture-due-subscribers"
