import { illustrationOf } from '@domain/catalog/illustrations';
import type { Product, ProductDetail } from '@domain/catalog/responses';
import type { ProductForm } from '@domain/constants';
import {
  cuttingSizeProblem,
  type PlantFacts,
  resolveCuttingSize,
  resolvePlantFacts,
} from '@domain/listings/plant-facts';
import type { ListingRemoval } from '@domain/listings/responses';
import { LISTING_MESSAGES, type Listing, stockChangedMessage } from '@domain/listings/schemas';
import { toCents } from '@domain/money';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/connect';
import { cartItems, orderItems, productPhotos, products } from '../../db/schema';
import { Conflict, InvalidInput, NotFound } from '../../errors';
import type { CatalogService } from '../catalog';
import type { BlockedDestinations } from '../shipping';

export const PRODUCT_NOT_FOUND = 'Product not found';

const PLANT_FACTS = ['shipsAs', 'callused', 'lengthInches', 'segments', 'grafted', 'rootstock'] as const;

/** Whether the request gives every plant fact (the listing form does): then the stored ones do not matter. */
const givesEveryPlantFact = (l: Listing) => PLANT_FACTS.every((k) => l[k] !== undefined);

/**
 * The plant facts the listing gets (domain/listings/plant-facts.ts): the given ones, else the stored ones for an
 * edit, else the defaults. Facts given that contradict each other (a callused potted plant), or a cutting's size
 * that contradicts the length it ends up with (given, or kept from the stored listing), are refused, each on its
 * field, with the messages of the listing schema.
 */
function plantFacts(l: Listing, stored?: PlantFacts & { form: ProductForm }): PlantFacts {
  const resolved = resolvePlantFacts(l, l.form, stored);
  const { facts } = resolved;
  const sizeProblem = cuttingSizeProblem(l.cuttingSize, facts.lengthInches);
  const errors: Record<string, string> = sizeProblem
    ? { cuttingSize: sizeProblem, ...resolved.errors }
    : resolved.errors;
  const first = Object.values(errors)[0];
  if (first) throw new InvalidInput(first, errors);
  return facts;
}

/**
 * The listing's columns as the form gives them, and the places it may not ship to (its seller's profile decides them
 * with its way of shipping); the owner comes from the session, never from a body.
 */
function columns(l: Listing, facts: PlantFacts, blockedTo: readonly string[]) {
  return {
    title: l.title,
    description: l.description,
    variety: l.variety,
    form: l.form,
    // A cutting with a length is in its length's size (resolveCuttingSize); the schema left none for other forms.
    cuttingSize: resolveCuttingSize(l.cuttingSize, l.form === 'cutting' ? facts.lengthInches : null),
    pollination: l.pollination,
    organic: l.organic,
    pesticideFree: l.pesticideFree,
    inStock: l.inStock,
    quantity: l.quantity,
    priceCents: toCents(l.price),
    // None given (the listing has photos, or they follow): its drawing, shown while it has no photo, so every
    // reader of the column (cards, cart, orders) has a picture (docs/decisions/0031-a-photo-or-an-image-url.md).
    imageUrl: l.imageUrl || illustrationOf({ variety: l.variety, form: l.form, shipsAs: facts.shipsAs }),
    ...facts,
    blockedTo: [...blockedTo],
  };
}

/** Refused: a listing with no image URL and no photo, given or to follow, would have nothing of its own to show. */
const noImageOrPhoto = () =>
  new InvalidInput(LISTING_MESSAGES.imageOrPhoto, { imageUrl: LISTING_MESSAGES.imageOrPhoto });

/**
 * A seller's workspace over their listings: create, edit, delete or archive. Another seller's listing is 404 and
 * stays unchanged.
 */
export class ListingService {
  constructor(
    private readonly db: Db,
    private readonly catalog: CatalogService,
    /** Where a listing may not ship, computed from its seller's profile in the listing's own transaction. */
    private readonly blocked: BlockedDestinations,
  ) {}

  bySeller(sellerId: number): Promise<Product[]> {
    return this.catalog.bySeller(sellerId);
  }

  /**
   * Adds a listing. Without an image URL, the body must say that photos follow (`photos`, the form uploads them right
   * after): else 400 on imageUrl.
   */
  async create(sellerId: number, listing: Listing): Promise<ProductDetail> {
    if (listing.imageUrl === '' && !(listing.photos !== undefined && listing.photos > 0))
      throw noImageOrPhoto();
    const facts = plantFacts(listing);
    const id = await this.db.transaction(async (tx) => {
      const blockedFor = await this.blocked.forSeller(tx, sellerId);
      const [row] = await tx
        .insert(products)
        .values({ ...columns(listing, facts, blockedFor(facts.shipsAs)), sellerId })
        .returning({ id: products.id });
      return (row as { id: number }).id;
    });
    return this.catalog.get(id);
  }

  /**
   * Edits a listing; with `expectedQuantity`, only while the stock is still what the seller saw (else 409). Plant
   * facts left out keep their stored values: the listing's row is then read and locked first. One transaction,
   * which reads the seller's profile (under its share lock, before the listing's row) for where it may not ship.
   * Without an image URL, the listing must have a photo: its row is locked (photos change under that lock), then
   * its photos counted; none is 400 on imageUrl.
   */
  async update(sellerId: number, id: number, listing: Listing): Promise<ProductDetail> {
    const own = and(eq(products.id, id), eq(products.sellerId, sellerId), isNull(products.archivedAt)) as SQL;
    const given = givesEveryPlantFact(listing) ? plantFacts(listing) : null;
    await this.db.transaction(async (tx) => {
      const blockedFor = await this.blocked.forSeller(tx, sellerId);
      let facts = given;
      if (!facts) {
        const [stored] = await tx
          .select({
            form: products.form,
            shipsAs: products.shipsAs,
            callused: products.callused,
            lengthInches: products.lengthInches,
            segments: products.segments,
            grafted: products.grafted,
            rootstock: products.rootstock,
          })
          .from(products)
          .where(own)
          .for('update');
        if (!stored) throw new NotFound(PRODUCT_NOT_FOUND);
        facts = plantFacts(listing, { ...stored, form: stored.form as ProductForm });
      }
      if (listing.imageUrl === '') {
        // The lock first (docs/architecture.md#reads-after-a-lock-wait): a photo's upload or delete holds it.
        const [row] = await tx.select({ id: products.id }).from(products).where(own).for('update');
        if (!row) throw new NotFound(PRODUCT_NOT_FOUND);
        const [photo] = await tx
          .select({ id: productPhotos.id })
          .from(productPhotos)
          .where(eq(productPhotos.productId, id))
          .limit(1);
        if (!photo) throw noImageOrPhoto();
      }
      await this.write(tx, own, listing, facts, blockedFor(facts.shipsAs));
    });
    return this.catalog.get(id);
  }

  /** The edit's UPDATE: NotFound when the listing is not the seller's, Conflict when a sale changed the stock. */
  private async write(
    db: Tx,
    own: SQL,
    listing: Listing,
    facts: PlantFacts,
    blockedTo: readonly string[],
  ): Promise<void> {
    const { expectedQuantity } = listing;
    const updated = await db
      .update(products)
      .set(columns(listing, facts, blockedTo))
      .where(expectedQuantity === undefined ? own : and(own, eq(products.quantity, expectedQuantity)))
      .returning({ id: products.id });
    if (updated.length === 0) {
      const [current] = await db.select({ quantity: products.quantity }).from(products).where(own);
      if (!current) throw new NotFound(PRODUCT_NOT_FOUND);
      const message = stockChangedMessage(current.quantity);
      throw new Conflict(message, { quantity: message });
    }
  }

  /**
   * Deletes a listing; one that appears in any order is archived instead (gone from the catalog and from carts,
   * kept in order history). The row lock makes a checkout under way finish first, or find the listing gone.
   */
  async remove(sellerId: number, id: number): Promise<ListingRemoval> {
    return this.db.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, id), eq(products.sellerId, sellerId), isNull(products.archivedAt)))
        .for('update');
      if (!product) throw new NotFound(PRODUCT_NOT_FOUND);
      const [ordered] = await tx
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(eq(orderItems.productId, id))
        .limit(1);
      if (!ordered) {
        await tx.delete(products).where(eq(products.id, id));
        return { archived: false };
      }
      await tx.update(products).set({ archivedAt: new Date(), inStock: false }).where(eq(products.id, id));
      await tx.delete(cartItems).where(eq(cartItems.productId, id));
      return { archived: true };
    });
  }
}
