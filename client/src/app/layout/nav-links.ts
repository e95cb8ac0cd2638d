/** The header's main links (docs/product.md#header-and-footer; Blog leads to the growing guides). */
export interface NavLink {
  href: string;
  label: string;
  sellerOnly?: boolean;
}

export const NAV_LINKS: readonly NavLink[] = [
  { href: '/marketplace', label: 'Marketplace' },
  { href: '/seller/dashboard', label: 'Seller Dashboard', sellerOnly: true },
  { href: '/guides', label: 'Blog' },
];

export function visibleNavLinks(isSeller: boolean): NavLink[] {
  return NAV_LINKS.filter((link) => !link.sellerOnly || isSeller);
}
