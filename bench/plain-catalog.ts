/**
 * The plain catalog the bench compares the app with (npm run bench, varied-query scenarios): the obvious
 * implementation of GET /api/products with Express and node-postgres over the same database and indexes, a page
 * (SELECT … WHERE … ORDER BY … LIMIT/OFFSET) and a count(*) with the same WHERE, sent as parameterised queries
 * (planned for their values each time). It takes the filters the bench's requests send: each list and flag filter,
 * the price range, the ships-to place, the search and one seller's listings (a storefront's `seller`). Run as its
 * own process, as the app is:
 * `node --import tsx bench/plain-catalog.ts <database url> <port>`.
 */
import express from 'express';
import pg from 'pg';

const [url, port] = [process.argv[2], Number(process.argv[3])];
const pool = new pg.Pool({ connectionString: url, max: 10 });

const SORTS: Record<string, string> = {
  'price-low-high': 'p.price_cents asc, p.id asc',
  'price-high-low': 'p.price_cents desc, p.id desc',
  newest: 'p.created_at desc, p.id desc',
  popularity: 'p.units_sold desc, p.created_at desc, p.id desc',
};

/** The list filters' parameters and their columns; then the flags'. */
const LISTS: Record<string, string> = {
  variety: 'variety',
  form: 'form',
  shipsAs: 'ships_as',
  cuttingSize: 'cutting_size',
  pollination: 'pollination',
};
const FLAGS: Record<string, string> = {
  rooted: 'rooted',
  callused: 'callused',
  grafted: 'grafted',
  organic: 'organic',
  pesticideFree: 'pesticide_free',
  inStock: 'in_stock',
};

const app = express();

app.get('/api/health', (_req, res) => {
  res.json({ ok: true });
});

app.get('/api/products', async (req, res) => {
  const q = req.query as Record<string, string | undefined>;
  const where = ['p.archived_at is null'];
  const params: unknown[] = [];
  const param = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  for (const [key, column] of Object.entries(LISTS))
    if (q[key]) where.push(`p.${column} = any(${param(q[key]?.split(','))})`);
  for (const [key, column] of Object.entries(FLAGS)) if (q[key] === 'true') where.push(`p.${column}`);
  if (q.shipsTo) where.push(`not (p.blocked_to @> array[${param(q.shipsTo)}::text])`);
  if (q.seller)
    where.push(`p.seller_id = (select id from users where username = ${param(q.seller)} and is_seller)`);
  if (q.minPrice) where.push(`p.price_cents >= ${param(Math.round(Number(q.minPrice) * 100))}`);
  if (q.maxPrice) where.push(`p.price_cents <= ${param(Math.round(Number(q.maxPrice) * 100))}`);
  if (q.search) where.push(`p.search_vector @@ plainto_tsquery('simple', ${param(q.search)})`);
  const limit = Math.min(Number(q.limit ?? 12), 100);
  const page = Math.max(Number(q.page ?? 1), 1);
  const order = SORTS[q.sort ?? 'popularity'] ?? SORTS.popularity;
  const filter = where.join(' and ');
  const countParams = [...params];
  try {
    const [rows, total] = await Promise.all([
      pool.query(
        `select p.*, u.username as seller_username, u.location as seller_location
         from products p join users u on u.id = p.seller_id
         where ${filter} order by ${order} limit ${param(limit)} offset ${param((page - 1) * limit)}`,
        params,
      ),
      pool.query(`select count(*)::int as n from products p where ${filter}`, countParams),
    ]);
    res.header('x-total-count', String(total.rows[0].n));
    res.json(rows.rows);
  } catch (error) {
    res.status(500).json({ message: String(error) });
  }
});

app.listen(port, '127.0.0.1');
