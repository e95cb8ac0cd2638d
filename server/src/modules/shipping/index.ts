// The shipping module's public face (docs/architecture.md#import-rules): the address book's routes and service, and
// the ZIP lookup (checkout may check an address's ZIP code again); what keeps products.blocked_to right (the listings
// module computes a listing's in its own transaction; the app runs the start-up and maintenance passes).
export { AddressService } from './address-service';
export { BlockedDestinations, rulesFingerprint } from './blocked-destinations';
export { DestinationSearches } from './destination-searches';
export { hardinessZone, preloadZoneTable } from './hardiness-zones';
export {
  certificatesOf,
  isFreightSql,
  type ReturnAddressColumns,
  returnAddressOf,
  returnAddressSelect,
  shippingRatesJson,
} from './profile-sql';
export { shippingRoutes } from './routes';
export { SellerProfileService } from './seller-profile-service';
export { ShippingCheckService } from './shipping-check-service';
export { lookupZip, preloadZipTables, type ZipLocation, type ZipLookup } from './zips';
