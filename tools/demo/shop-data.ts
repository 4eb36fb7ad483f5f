// The demo's sample shop database: orders, customers, payments and shipments with the defects a
// real feed has (nulls in required columns, duplicate keys, out-of-set values, negative amounts, a
// table that stopped loading). Each snapshot is deterministic, so reruns load the same rows.
import { Client } from 'pg';

export const DEMO_DATABASE = 'dq_demo_shop';
/** The service reads the shop as this role: LOGIN, no superuser, no CREATEROLE, SELECT only. */
export const DEMO_READER = 'dq_demo_reader';
/** Local demo only: the role exists on a loopback PostgreSQL the developer owns. */
export const DEMO_READER_PASSWORD = 'dq-demo-reader';

export const ORDER_STATUSES = ['placed', 'paid', 'shipped', 'delivered', 'cancelled'];
export const PAYMENT_METHODS = ['card', 'paypal', 'bank_transfer'];
export const CARRIERS = ['DHL', 'UPS', 'DPD', 'GLS'];
export const COUNTRIES = ['DE', 'FR', 'NL', 'BE', 'AT', 'PL'];

const HOUR_MS = 3_600_000;

/** One day's load of the shop: how many orders arrived and how dirty the feed was that day. */
export interface ShopSnapshot {
  orders: number;
  /** Share of orders with no customer (a required column). */
  missingCustomerRate: number;
  /** Orders whose id repeats an earlier one. */
  duplicateOrders: number;
  /** Orders whose status is not one of ORDER_STATUSES. */
  unknownStatuses: number;
  /** Orders with a negative amount. */
  negativeAmounts: number;
}

/**
 * Oldest first, the last one is today. Volumes grow steadily except yesterday's partial load,
 * which the row-count anomaly monitor flags; two days ago the customer join broke upstream.
 */
export const SHOP_SNAPSHOTS: readonly ShopSnapshot[] = [
  { orders: 400, missingCustomerRate: 0.005, duplicateOrders: 0, unknownStatuses: 0, negativeAmounts: 0 },
  { orders: 415, missingCustomerRate: 0.01, duplicateOrders: 2, unknownStatuses: 1, negativeAmounts: 0 },
  { orders: 430, missingCustomerRate: 0.12, duplicateOrders: 2, unknownStatuses: 3, negativeAmounts: 1 },
  { orders: 220, missingCustomerRate: 0.01, duplicateOrders: 0, unknownStatuses: 2, negativeAmounts: 0 },
  { orders: 460, missingCustomerRate: 0.02, duplicateOrders: 3, unknownStatuses: 4, negativeAmounts: 2 },
];

/** A small seeded generator (mulberry32): the same snapshot gives the same rows. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** A quoted identifier (the database name is an option). */
const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** Admin connection to a database of the local PostgreSQL (`adminUrl` names any database). */
function adminClient(adminUrl: string, database: string): Client {
  const url = new URL(adminUrl);
  url.pathname = `/${database}`;
  return new Client({ connectionString: url.toString(), application_name: 'dq-demo-seed' });
}

/** Creates the shop database and its read-only role when absent. */
export async function ensureShopDatabase(adminUrl: string, database = DEMO_DATABASE): Promise<void> {
  const root = adminClient(adminUrl, 'postgres');
  await root.connect();
  try {
    const { rowCount } = await root.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (rowCount === 0) await root.query(`CREATE DATABASE ${quoteIdent(database)}`);
    const role = await root.query('SELECT 1 FROM pg_roles WHERE rolname = $1', [DEMO_READER]);
    if (role.rowCount === 0) {
      await root.query(
        `CREATE ROLE ${DEMO_READER} LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB PASSWORD '${DEMO_READER_PASSWORD}'`,
      );
    }
  } finally {
    await root.end();
  }
}

const iso = (ms: number): string => new Date(ms).toISOString();

/** (Re)loads every shop table with one snapshot, timestamps relative to `now`, in one transaction. */
export async function loadShopSnapshot(
  adminUrl: string,
  snapshot: ShopSnapshot,
  database = DEMO_DATABASE,
  now = Date.now(),
): Promise<void> {
  const next = random(snapshot.orders * 7919 + snapshot.unknownStatuses);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)];
  const customerCount = 150;

  const customers: unknown[][] = [];
  for (let id = 1; id <= customerCount; id += 1) {
    const email = next() < 0.04 ? null : `customer${id}@shop.example`;
    const country = id % 37 === 0 ? 'Germany' : id % 53 === 0 ? 'XX' : pick(COUNTRIES);
    customers.push([id, email, country, iso(now - (400 - id) * 24 * HOUR_MS)]);
  }
  // The CRM export sends a few customers twice.
  customers.push([17, 'customer17@shop.example', 'DE', iso(now - 30 * 24 * HOUR_MS)]);
  customers.push([42, null, 'FR', iso(now - 12 * 24 * HOUR_MS)]);

  const orders: unknown[][] = [];
  for (let id = 1; id <= snapshot.orders; id += 1) {
    const customer = next() < snapshot.missingCustomerRate ? null : 1 + Math.floor(next() * customerCount);
    const status = id <= snapshot.unknownStatuses ? pick(['lost', 'unknown', 'PAID']) : pick(ORDER_STATUSES);
    const amount =
      id <= snapshot.negativeAmounts
        ? -Math.round(next() * 5000) / 100
        : Math.round(500 + next() * 25_000) / 100;
    // Orders of the last 24 hours, the newest a few minutes old.
    orders.push([id, customer, status, amount.toFixed(2), iso(now - 5 * 60_000 - next() * 24 * HOUR_MS)]);
  }
  for (let copy = 0; copy < snapshot.duplicateOrders; copy += 1) orders.push([...orders[copy * 7]]);

  const payments: unknown[][] = [];
  let paymentId = 1;
  for (const [orderId, , status, amount, createdAt] of orders) {
    if (status === 'placed' || status === 'cancelled') continue;
    // A few paid orders have no payment row: the custom SQL check finds them.
    if ((orderId as number) % 61 === 0) continue;
    const method = (orderId as number) % 97 === 0 ? 'cash' : pick(PAYMENT_METHODS);
    payments.push([paymentId++, orderId, method, amount, createdAt]);
  }

  // Shipments stopped loading three days ago: the late table.
  const shipments: unknown[][] = [];
  for (let id = 1; id <= 300; id += 1) {
    const carrier = id % 89 === 0 ? 'Pigeon Post' : pick(CARRIERS);
    shipments.push([id, id, carrier, iso(now - 3 * 24 * HOUR_MS - (300 - id) * 2 * HOUR_MS)]);
  }

  const client = adminClient(adminUrl, database);
  await client.connect();
  try {
    await client.query('BEGIN');
    await client.query(
      'DROP TABLE IF EXISTS public.orders, public.customers, public.payments, public.shipments',
    );
    await client.query(
      `CREATE TABLE public.customers (customer_id integer, email text, country text, created_at timestamptz)`,
    );
    await client.query(
      `CREATE TABLE public.orders (order_id bigint, customer_id integer, status text, amount numeric(10,2), created_at timestamptz)`,
    );
    await client.query(
      `CREATE TABLE public.payments (payment_id bigint, order_id bigint, method text, amount numeric(10,2), paid_at timestamptz)`,
    );
    await client.query(
      `CREATE TABLE public.shipments (shipment_id bigint, order_id bigint, carrier text, shipped_at timestamptz)`,
    );
    await insertRows(client, 'public.customers', customers);
    await insertRows(client, 'public.orders', orders);
    await insertRows(client, 'public.payments', payments);
    await insertRows(client, 'public.shipments', shipments);
    await client.query(`GRANT CONNECT ON DATABASE ${quoteIdent(database)} TO ${DEMO_READER}`);
    await client.query(`GRANT USAGE ON SCHEMA public TO ${DEMO_READER}`);
    await client.query(`GRANT SELECT ON ALL TABLES IN SCHEMA public TO ${DEMO_READER}`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}

/** Multi-row INSERTs with bound values, in chunks under PostgreSQL's parameter limit. */
async function insertRows(client: Client, table: string, rows: unknown[][]): Promise<void> {
  const width = rows[0]?.length ?? 0;
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500);
    const tuples = chunk.map(
      (_row, index) =>
        `(${Array.from({ length: width }, (_unused, column) => `$${index * width + column + 1}`).join(', ')})`,
    );
    await client.query(`INSERT INTO ${table} VALUES ${tuples.join(', ')}`, chunk.flat());
  }
}
