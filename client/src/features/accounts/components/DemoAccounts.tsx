import type { DemoAccounts as DemoAccountsData } from '@domain/accounts/responses';
import { useQuery } from '@tanstack/react-query';
import { ShoppingBasket, Store } from 'lucide-react';
import { Button } from '@/components/ui/Button';
import { useHydrated } from '@/lib/server-render';
import { accountQueries } from '../api';

type Role = keyof DemoAccountsData;
const ROLES: ReadonlyArray<{ role: Role; title: string; icon: typeof Store }> = [
  { role: 'buyer', title: 'Buyer', icon: ShoppingBasket },
  { role: 'seller', title: 'Seller', icon: Store },
];

/**
 * The demo credentials panel. It appears only when GET /api/auth/demo answers (demo data was asked for, never in
 * production, and the database holds the demo accounts); a 404 or any failure hides it.
 */
export function DemoAccounts({
  onUse,
}: {
  onUse: (account: { username: string; password: string }) => void;
}) {
  const { data } = useQuery(accountQueries.demo());
  // It fills the form from the page's code: not ready (disabled) until the page is adopted.
  const hydrated = useHydrated();
  if (!data) return null;
  return (
    <section aria-labelledby="demo-accounts-title" className="rounded-xl border border-dashed bg-muted p-5">
      <h2 id="demo-accounts-title" className="font-sans text-base font-semibold">
        Demo accounts
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        This site runs with demo data: try the marketplace with a ready-made account. Their passwords are
        public, so keep nothing real in them.
      </p>
      <ul className="mt-4 grid gap-3">
        {ROLES.map(({ role, title, icon: Icon }) => {
          const account = data[role];
          return (
            <li key={role} className="rounded-lg border bg-card p-4">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <p className="flex items-center gap-2 font-medium">
                  <Icon className="size-4 text-cactus" aria-hidden="true" />
                  {title}
                </p>
                <Button variant="outline" size="sm" disabled={!hydrated} onClick={() => onUse(account)}>
                  Use {title.toLowerCase()} account
                </Button>
              </div>
              <dl className="mt-3 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
                <dt className="text-muted-foreground">Username:</dt>
                <dd className="break-words font-mono">{account.username}</dd>
                <dt className="text-muted-foreground">Password:</dt>
                <dd className="break-words font-mono">{account.password}</dd>
              </dl>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
