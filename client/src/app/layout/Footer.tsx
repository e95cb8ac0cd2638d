import { Link } from 'wouter';
import { useAuth } from '@/features/accounts';
import { DragonFruitMark } from './Logo';
import { SocialIcons } from './SocialIcons';

interface FooterLink {
  href: string;
  label: string;
}

const QUICK_LINKS: readonly FooterLink[] = [
  { href: '/', label: 'Home' },
  { href: '/marketplace', label: 'Marketplace' },
  { href: '/guides', label: 'Growing Guides' },
  { href: '/register?seller=true', label: 'Become a Seller' },
];

const FOOTER_VARIETIES = ['Sugar Dragon', 'American Beauty', 'Yellow Dragon', 'Physical Graffiti'] as const;
const VARIETY_LINKS: readonly FooterLink[] = FOOTER_VARIETIES.map((variety) => ({
  href: `/marketplace?variety=${encodeURIComponent(variety)}`,
  label: variety,
}));

const SUPPORT_LINKS: readonly FooterLink[] = [
  { href: '/help#shipping', label: 'Shipping Information' },
  { href: '/help#returns', label: 'Returns & Refunds' },
  { href: '/help#contact', label: 'Contact Us' },
  { href: '/help#faq', label: 'FAQ' },
];

const LEGAL_LINKS: readonly FooterLink[] = [
  { href: '/help#terms', label: 'Terms of Service' },
  { href: '/help#privacy', label: 'Privacy Policy' },
];

function LinkColumn({ title, links }: { title: string; links: readonly FooterLink[] }) {
  const id = `footer-${title.toLowerCase().replaceAll(' ', '-')}`;
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className="font-sans text-sm font-semibold tracking-wide uppercase">
        {title}
      </h2>
      <ul className="mt-4 grid gap-2.5">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="rounded-sm text-sm text-muted-foreground transition-colors hover:text-primary"
            >
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Footer() {
  const { user } = useAuth();
  const quickLinks = user?.isSeller
    ? [...QUICK_LINKS, { href: '/seller/dashboard', label: 'Seller Dashboard' }]
    : QUICK_LINKS;
  return (
    <footer className="mt-16 border-t bg-muted print:hidden">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-12 sm:px-6 lg:grid-cols-6 lg:px-8">
        <div className="col-span-2">
          <p className="flex items-center gap-2 font-display text-lg font-semibold">
            <DragonFruitMark className="size-8" />
            Dragon Fruit Marketplace
          </p>
          <p className="mt-3 max-w-sm text-sm text-muted-foreground">
            Cuttings, rooted plants, seeds and mature dragon fruit plants from growers who love them.
          </p>
          <div className="mt-5">
            <SocialIcons />
          </div>
        </div>
        <LinkColumn title="Quick Links" links={quickLinks} />
        <LinkColumn title="Varieties" links={VARIETY_LINKS} />
        <LinkColumn title="Support" links={SUPPORT_LINKS} />
        <LinkColumn title="Legal" links={LEGAL_LINKS} />
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-muted-foreground sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Dragon Fruit Marketplace. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
