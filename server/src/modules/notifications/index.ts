// The notifications module's public face (docs/architecture.md#import-rules): the outbox other modules write to in
// their transactions, the texts they write, the in-app service and routes, and the mail sender.
export {
  cancelledNotice,
  deliveredNotice,
  holdReleasedNotices,
  type Notice,
  ORDER,
  type OrderNotice,
  type OrderText,
  orderPaidNotice,
  orderPlacedNotice,
  orderReceivedNotice,
  paymentHeldNotice,
  paymentReceivedNotice,
  refundSentNotice,
  reminderNotice,
  shippedNotice,
} from './messages';
export { NotificationService } from './notification-service';
export { noticeValues, notify, withOrderNumber } from './outbox';
export { notificationRoutes } from './routes';
export { MailSender } from './sender';
