/**
 * A server-rendered page's head tags from what the page said of itself (domain/seo.ts PageHead): the meta
 * description, the canonical link, Open Graph and Twitter card tags, and each structured-data object as a JSON-LD
 * block. Every text is escaped for an attribute, and the JSON-LD's "<" is escaped so no text in it can close the
 * element (a listing's description may hold "</script>").
 */
import { type PageHead, SITE_NAME } from '@domain/seo';
import { escapeMarkup } from '../http/escape';

const meta = (attribute: 'name' | 'property', key: string, value: string | number | undefined) =>
  value === undefined || value === ''
    ? ''
    : `<meta ${attribute}="${key}" content="${escapeMarkup(String(value))}" />`;

export function headTags(title: string, head: PageHead | undefined): string {
  if (!head) return '';
  const tags = [
    head.canonical ? `<link rel="canonical" href="${escapeMarkup(head.canonical)}" />` : '',
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', head.canonical),
    meta('property', 'og:image', head.image?.url),
    meta('property', 'og:image:width', head.image?.width),
    meta('property', 'og:image:height', head.image?.height),
    meta('property', 'og:image:alt', head.image?.alt),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', head.image?.url),
    ...(head.structuredData ?? []).map(
      (data) =>
        `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`,
    ),
  ];
  return tags.filter(Boolean).join('');
}
