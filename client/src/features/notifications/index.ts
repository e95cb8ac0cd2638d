// The notifications feature's public face: the header's bell (the page is imported lazily by the router).

export { notificationQueries } from './api';
export { NotificationBell } from './NotificationBell';
