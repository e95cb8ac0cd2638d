// The payments feature's public face: the nursery's payout account and its "Card payments" section, for the seller
// profile page (features/shipping, loaded lazily by the router), and the dashboard's notice while buyers cannot pay
// the nursery yet. The buyer's side of a payment is the orders
// feature's (the order page's payment section, "Pay now").
export { paymentQueries, useConnectPayoutAccount, usePayoutAccount } from './api';
export { CardPaymentsSection } from './components/CardPaymentsSection';
export { PaymentsNotice } from './components/PaymentsNotice';
