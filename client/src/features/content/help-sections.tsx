import { SHIPPING_CENTS } from '@domain/constants';
import { formatUSD, fromCents } from '@domain/money';
import type { ReactNode } from 'react';

export interface HelpSection {
  id: string;
  title: string;
  body: ReactNode;
}

const shipping = formatUSD(fromCents(SHIPPING_CENTS));

/** The support and policy sections the footer links to (/help#shipping and so on). */
export const HELP_SECTIONS: readonly HelpSection[] = [
  {
    id: 'shipping',
    title: 'Shipping',
    body: (
      <>
        <p>
          Each nursery ships its own plants and sets its own shipping rates: a price for the first item of a
          shipment and one for each further item, by what it ships (seeds, cuttings, bare-root or potted
          plants), and sometimes free shipping over an amount. A new nursery charges {shipping} a shipment.
          Your cart shows each nursery's shipping before you check out. Sellers pack cuttings dry and wrapped,
          and rooted plants in their pots, so they travel well.
        </p>
        <p>
          Sellers usually dispatch within a few working days. Cuttings tolerate a week in transit; rooted and
          mature plants are best planted out soon after they arrive.
        </p>
      </>
    ),
  },
  {
    id: 'returns',
    title: 'Returns',
    body: (
      <>
        <p>
          Plants are living things, so returns work a little differently. If something arrives damaged, rotten
          or is not what you ordered, contact us within 7 days of delivery with a photo and your order number.
        </p>
        <p>
          We will work with the nursery on a replacement or a refund. How a refund reaches you depends on how
          you paid:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>Paid by card at checkout:</strong> the refund goes back to that card. Your order shows
            &ldquo;Refunded&rdquo; once it is sent; your bank may take 5 to 10 working days to show it.
          </li>
          <li>
            <strong>Paid the nursery directly</strong> (by its own payment instructions): the nursery owes you
            the refund and sends it back the way you paid. Your order shows &ldquo;Refund due&rdquo; until the
            nursery records it as sent, and you are told when it does.
          </li>
        </ul>
        <p>
          A part of an order cancelled before you paid for it owes you nothing: there is nothing to refund.
        </p>
      </>
    ),
  },
  {
    id: 'contact',
    title: 'Contact',
    body: (
      <>
        <p>
          Questions about an order, a listing or selling with us? Write to{' '}
          <a
            className="font-medium text-primary underline underline-offset-4"
            href="mailto:support@dragonfruitmarketplace.com"
          >
            support@dragonfruitmarketplace.com
          </a>
          . We answer within two working days.
        </p>
        <p>For a question about a specific plant, the seller named on its listing knows it best.</p>
      </>
    ),
  },
  {
    id: 'faq',
    title: 'FAQ',
    body: (
      <dl className="grid gap-4">
        <div>
          <dt className="font-semibold">Cutting, rooted plant or seed: which should I buy?</dt>
          <dd className="mt-1">
            Cuttings are the most affordable and root in a few weeks. Rooted plants give you a head start.
            Seeds are fun, but take years to fruit and may not match their parent.
          </dd>
        </div>
        <div>
          <dt className="font-semibold">What does self-pollinating mean?</dt>
          <dd className="mt-1">
            A self-pollinating variety sets fruit on its own. Cross-pollinating varieties need a second,
            compatible variety nearby (or a hand with a paintbrush).
          </dd>
        </div>
        <div>
          <dt className="font-semibold">How do I start selling?</dt>
          <dd className="mt-1">
            Create a seller account, then add listings from your seller dashboard. You can edit stock and
            prices at any time.
          </dd>
        </div>
      </dl>
    ),
  },
  {
    id: 'terms',
    title: 'Terms',
    body: (
      <>
        <p>
          By using the marketplace you agree to list and buy honestly: sellers describe their plants
          accurately and ship what they sell; buyers pay for what they order.
        </p>
        <p>
          Prices are in US dollars. The marketplace connects buyers and sellers; each seller is responsible
          for their listings and for following plant shipping rules in their area.
        </p>
      </>
    ),
  },
  {
    id: 'privacy',
    title: 'Privacy',
    body: (
      <>
        <p>
          We keep what the marketplace needs to work: your account details, your cart and your orders. We use
          a single sign-in cookie and no advertising trackers, and we do not sell your data.
        </p>
        <p>To have your account and its data deleted, write to us at the contact address above.</p>
      </>
    ),
  },
];
