// The shipping module's public face (docs/architecture.md#import-rules): the address book's routes and service, and
// the ZIP lookup (checkout may check an address's ZIP code again).
export { AddressService } from './addresses-service';
export { ShippingCheckService } from './check-service';
export { shippingRoutes } from './routes';
export { SellerProfileService } from './seller-profile-service';
export { lookupZip, type ZipLocation, type ZipLookup } from './zips';
