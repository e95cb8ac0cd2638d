import { formatUSD } from '@domain/money';
import type { SellerShipment } from '@domain/orders/responses';
import { CARRIER_LABELS } from '@domain/orders/shipments';
import { AlertCircle, ChevronLeft, Printer } from 'lucide-react';
import { Link, useParams } from 'wouter';
import { AddressSummary } from '@/components/AddressSummary';
import { LocalDate } from '@/components/LocalDate';
import { useDocumentTitle } from '@/components/PageStatus';
import { Button } from '@/components/ui/Button';
import { isApiError } from '@/lib/api';
import { parseOrderId } from './api';
import { useSellerShipment } from './seller-api';

/**
 * /seller/shipments/:id/slip — the packing slip of one of the seller's shipments, to print and put in the parcel:
 * shipper (the seller's business name, else its username, and its return address) and consignee, the state it
 * leaves from, the contents with botanical names and quantities, the certificates the shipping rules asked for and
 * the texts the parcel must carry outside.
 */
export function PackingSlipPage() {
  const params = useParams<{ id: string }>();
  const id = parseOrderId(params.id);
  const shipment = useSellerShipment(id);
  if (id === null || (shipment.isError && isApiError(shipment.error, 404)))
    return <SlipProblem title="Shipment not found" text="It is not one of your shipments." />;
  if (shipment.isError)
    return (
      <SlipProblem
        title="This packing slip could not be loaded"
        text="Please try again in a moment."
        onRetry={() => void shipment.refetch()}
      />
    );
  if (shipment.isPending)
    return (
      <p role="status" className="mx-auto max-w-3xl px-4 py-12 text-muted-foreground">
        Loading packing slip…
      </p>
    );
  return <PackingSlip shipment={shipment.data} />;
}

function PackingSlip({ shipment }: { shipment: SellerShipment }) {
  useDocumentTitle(`Packing slip: order #${shipment.orderId}`);
  const { shipper } = shipment;
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3 print:hidden">
        <Button asChild variant="ghost" size="sm">
          <Link href="/seller/dashboard?tab=orders">
            <ChevronLeft aria-hidden="true" />
            Back to orders
          </Link>
        </Button>
        <Button onClick={() => window.print()}>
          <Printer aria-hidden="true" />
          Print
        </Button>
      </div>
      <article className="grid gap-6 rounded-xl border bg-card p-6 text-card-foreground print:border-0 print:p-0">
        <header className="flex flex-wrap items-start justify-between gap-4 border-b pb-4">
          <div>
            <h1 className="text-2xl sm:text-3xl">Packing slip</h1>
            <p className="text-muted-foreground">
              Order #{shipment.orderId}, shipment {shipment.id}, ordered{' '}
              <LocalDate value={shipment.createdAt} dateStyle="medium" />
            </p>
          </div>
          {shipment.carrier && (
            <p className="text-sm">
              {CARRIER_LABELS[shipment.carrier]}
              {shipment.trackingNumber && <span className="block font-mono">{shipment.trackingNumber}</span>}
            </p>
          )}
        </header>
        <div className="grid gap-6 sm:grid-cols-2 print:grid-cols-2">
          <section aria-labelledby="slip-shipper">
            <h2 id="slip-shipper" className="font-sans text-sm font-semibold tracking-wide uppercase">
              Shipper
            </h2>
            {shipper.returnAddress ? (
              <AddressSummary
                address={{ ...shipper.returnAddress, name: shipper.name, phone: null }}
                className="text-sm"
              />
            ) : (
              <>
                <p className="text-sm font-medium break-words">{shipper.name}</p>
                {/* For the seller's eyes: the printout, which travels in the parcel, leaves it out. */}
                <p className="my-1 rounded-md border border-dashed p-2 text-sm print:hidden">
                  No return address yet.{' '}
                  <Link
                    href="/seller/profile"
                    className="font-medium text-primary underline underline-offset-4"
                  >
                    Add your return address in your shipping profile
                  </Link>
                </p>
              </>
            )}
            <p className="text-sm">Ships from: {shipment.shipFromState ?? 'not set'}</p>
            {shipment.licence && <p className="text-sm">Nursery licence: {shipment.licence}</p>}
          </section>
          <section aria-labelledby="slip-consignee">
            <h2 id="slip-consignee" className="font-sans text-sm font-semibold tracking-wide uppercase">
              Consignee
            </h2>
            {shipment.shipTo ? (
              <AddressSummary address={shipment.shipTo} className="text-sm" />
            ) : (
              <p className="text-sm">{shipment.buyer.username} (no address on this older order)</p>
            )}
          </section>
        </div>
        <section aria-labelledby="slip-contents">
          <h2 id="slip-contents" className="font-sans text-sm font-semibold tracking-wide uppercase">
            Contents
          </h2>
          <table className="mt-2 w-full text-left text-sm">
            <thead>
              <tr className="border-b">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Item
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  Botanical name
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  Quantity
                </th>
              </tr>
            </thead>
            <tbody>
              {shipment.items.map((item) => (
                <tr key={item.itemId} className="border-b align-top">
                  <td className="py-2 pr-3 break-words">
                    {item.title}
                    <span className="block text-muted-foreground">{item.variety}</span>
                  </td>
                  <td className="py-2 pr-3 italic">{item.botanicalName}</td>
                  <td className="py-2 text-right tabular-nums">{item.quantity}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-2 text-sm">
            {shipment.payment.shipping === 0
              ? 'Shipping: free to the buyer'
              : `Shipping paid by the buyer: ${formatUSD(shipment.payment.shipping)}`}
          </p>
        </section>
        <section aria-labelledby="slip-compliance" className="grid gap-2">
          <h2 id="slip-compliance" className="font-sans text-sm font-semibold tracking-wide uppercase">
            Compliance
          </h2>
          {shipment.certificates.length === 0 ? (
            <p className="text-sm">No certificate is required for this destination.</p>
          ) : (
            <ul className="text-sm">
              {shipment.certificates.map((c) => (
                <li key={c.kind}>
                  {c.label}: <span className="font-mono">{c.number}</span>
                </li>
              ))}
            </ul>
          )}
          {shipment.labels.length > 0 && (
            <div className="rounded-md border-2 border-foreground p-3">
              <p className="text-xs font-semibold tracking-wide uppercase">Mark the outside of the parcel</p>
              {shipment.labels.map((label) => (
                <p key={label} className="text-lg font-semibold">
                  {label}
                </p>
              ))}
            </div>
          )}
        </section>
        {shipment.note && (
          <section aria-labelledby="slip-note">
            <h2 id="slip-note" className="font-sans text-sm font-semibold tracking-wide uppercase">
              Note from the buyer
            </h2>
            <p className="text-sm break-words whitespace-pre-line">{shipment.note}</p>
          </section>
        )}
      </article>
    </div>
  );
}

function SlipProblem({ title, text, onRetry }: { title: string; text: string; onRetry?: () => void }) {
  useDocumentTitle(title);
  return (
    <section className="mx-auto flex min-h-[50vh] max-w-xl flex-col items-center justify-center px-4 py-16 text-center">
      <AlertCircle className="size-12 text-muted-foreground" aria-hidden="true" />
      <h1 className="mt-4 text-3xl">{title}</h1>
      <p className="mt-3 text-muted-foreground">{text}</p>
      <div className="mt-8 flex gap-3">
        {onRetry && <Button onClick={onRetry}>Retry</Button>}
        <Button asChild variant="outline">
          <Link href="/seller/dashboard">Back to the dashboard</Link>
        </Button>
      </div>
    </section>
  );
}
