/** @type {import("next").NextConfig} */
const config = {
  reactStrictMode: true,
  // the checkout's pages read the cart and the backend at request time
  poweredByHeader: false,
}

export default config
