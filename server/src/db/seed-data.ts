import type { CuttingSize, Pollination, ProductForm, Variety } from '../../../domain/constants';

export interface SeedSeller {
  username: string;
  email: string;
  location: string;
  bio: string;
}

export interface SeedListing {
  /** Username of a seller in SEED_SELLERS. */
  seller: string;
  title: string;
  description: string;
  variety: Variety;
  form: ProductForm;
  cuttingSize?: CuttingSize;
  pollination?: Pollination;
  organic: boolean;
  pesticideFree: boolean;
  /** Units available; 0 means out of stock. */
  quantity: number;
  /** Price in dollars. */
  price: number;
  /** File name under client/public/images/products/. */
  image: string;
  /** How long ago the listing was created, in days (for the newest sort). */
  daysAgo: number;
  unitsSold?: number;
}

export const SEED_SELLERS: SeedSeller[] = [
  {
    username: 'demo_seller',
    email: 'demo.seller@example.com',
    location: 'Homestead, Florida',
    bio: 'Family nursery growing dragon fruit in South Florida since 2009.',
  },
];

export const SEED_LISTINGS: SeedListing[] = [
  {
    seller: 'demo_seller',
    title: 'Sugar Dragon 12" Cutting',
    description:
      'Fresh-cut, callused 12 inch cutting of Sugar Dragon, one of the sweetest red-fleshed varieties.',
    variety: 'Sugar Dragon',
    form: 'cutting',
    cuttingSize: '12 inch',
    pollination: 'self',
    organic: true,
    pesticideFree: true,
    quantity: 25,
    price: 14.99,
    image: 'sugar-dragon-cutting.svg',
    daysAgo: 3,
  },
];
