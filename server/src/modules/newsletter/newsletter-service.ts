import type { Db } from '../../db/connect';
import { newsletterSubscribers } from '../../db/schema';

/** The newsletter's subscribers: each address is stored once. */
export class NewsletterService {
  constructor(private readonly db: Db) {}

  /** Subscribes the address; one already subscribed is left as it is, and the caller cannot tell the two apart. */
  async subscribe(email: string): Promise<void> {
    await this.db.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
  }
}
