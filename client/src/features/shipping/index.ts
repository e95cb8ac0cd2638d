// The shipping feature's public face. The address book and seller profile pages are imported lazily by the router (app/AppRoutes.tsx);
// checkout uses the address form, the address as a label shows it, and the address queries from here.
export type { Address } from '@domain/shipping/responses';
export {
  shippingQueries,
  useAddresses,
  useCreateAddress,
  useDeleteAddress,
  useMakeDefaultAddress,
  useShippingChecks,
  useUpdateAddress,
  useZipPlace,
  useZone,
} from './api';
export { shipToOf, useChosenAddressId, useShipTo, useShipToPlace } from './chosen-address';
export { AddressForm } from './components/AddressForm';
export { MissedBuyersNotice } from './components/MissedBuyersNotice';
export { ShipFromNotice } from './components/ShipFromNotice';
export { ShipsToNotice } from './components/ShipsToNotice';
export { ShipToPicker } from './components/ShipToPicker';
export { ZoneFitNotice } from './components/ZoneFitNotice';
export { loadVisitorPlace, rememberZip, useDestination, useShippingProblems } from './destination';
