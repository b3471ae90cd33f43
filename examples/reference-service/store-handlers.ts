// Store API handlers. The generated server resolves the sales channel and the context-token session
// (bound to that channel) before a handler runs, and saves the session after it.
import type { StoreApiHandlers } from '../../generated/store-api/server.js';
import type { Cart, CartLineItem, Context, Country } from '../../generated/store-api/types.js';
import type { Identity } from '../../generated/runtime/auth/server-auth.js';
import type { HandlerContext } from '../../generated/runtime/server/server.js';
import { Unauthorized, Validation, type Violation } from '../../generated/runtime/core/errors.js';
import { verifyPassword } from './credentials.js';
import type { Data } from './data.js';

/** What a Store API session holds. Plain JSON, as the session store keeps it. */
export interface StoreSession {
  customerId: string | null;
  /** Version of the customer's credential at login: a changed password logs the session out. */
  customerCredential?: string;
  lineItems: CartLineItem[];
}

interface SalesChannelRow {
  id: string;
  name: string;
  access_key: string;
  currency: string;
  language_id: string;
  locale: string;
  country_id: string;
}

interface CustomerRow {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  password_hash: string;
  credential: string;
}

interface CountryRow {
  id: string;
  name: string;
  iso: string;
  iso3: string;
  active: number;
  position: number;
}

const MAX_QUANTITY = 10_000;
const MAX_LINE_ITEMS = 100;

export function newStoreSession(): StoreSession {
  return { customerId: null, lineItems: [] };
}

/** The sales channel an access key names, as the caller the store's apiKey scheme sees: its id is the subject. */
export async function findSalesChannel(db: Data, accessKey: string): Promise<Identity | undefined> {
  const row = await db.get<{ id: string }>('SELECT id FROM sales_channel WHERE access_key = ?', accessKey);
  return row ? { subject: row.id } : undefined;
}

export function createStoreHandlers(db: Data): StoreApiHandlers<StoreSession> {
  const channelOf = async (context: HandlerContext<StoreSession>): Promise<SalesChannelRow> => {
    const principal = context.principal;
    if (principal?.kind !== 'apiKey') throw new Unauthorized();
    const row = await db.get<SalesChannelRow>('SELECT * FROM sales_channel WHERE id = ?', principal.subject);
    if (!row) throw new Unauthorized({ entry: 'salesChannelNotFound' });
    return row;
  };

  const sessionOf = (context: HandlerContext<StoreSession>) => {
    if (!context.session) throw new Unauthorized();
    return context.session;
  };

  /** The logged-in customer, while the credential they logged in with is still theirs. */
  const customerOf = async (context: HandlerContext<StoreSession>): Promise<CustomerRow | undefined> => {
    const session = sessionOf(context);
    const customerId = session.data.customerId;
    if (customerId === null) return undefined;
    const row = await db.get<CustomerRow>('SELECT * FROM customer WHERE id = ?', customerId);
    if (row && row.credential === session.data.customerCredential) return row;
    session.data = { customerId: null, lineItems: session.data.lineItems };
    return undefined;
  };

  const cartOf = async (context: HandlerContext<StoreSession>): Promise<Cart> => {
    const session = sessionOf(context);
    let total = 0;
    for (const item of session.data.lineItems) {
      const row = await db.get<{ price_gross: number }>(
        'SELECT price_gross FROM product WHERE id = ?',
        item.referencedId,
      );
      total += (row?.price_gross ?? 0) * item.quantity;
    }
    return {
      token: session.token,
      lineItems: session.data.lineItems,
      price: { totalPrice: Math.round(total * 100) / 100 },
    };
  };

  return {
    async getContext(_input, context): Promise<Context> {
      const channel = await channelOf(context);
      const session = sessionOf(context);
      const customer = await customerOf(context);
      return {
        token: session.token,
        salesChannel: { id: channel.id, name: channel.name },
        currency: { isoCode: channel.currency },
        language: { id: channel.language_id, locale: channel.locale },
        shippingLocation: { countryId: channel.country_id },
        customer: customer
          ? { id: customer.id, email: customer.email, firstName: customer.first_name, lastName: customer.last_name }
          : null,
      };
    },

    async login({ body }, context) {
      const session = sessionOf(context);
      const email = body.username.trim().toLowerCase();
      const row = await db.get<CustomerRow>('SELECT * FROM customer WHERE email = ?', email);
      // verifyPassword runs scrypt for unknown users too, so the answer time does not reveal them; the
      // runtime's login throttle counts the outcome per e-mail and client address (429 while throttled).
      const valid = await context.checkCredential(
        `customer:${email}`,
        async () => (await verifyPassword(body.password, row?.password_hash)) && row !== undefined,
      );
      if (!valid || !row) throw new Unauthorized({ entry: 'badCredentials' });
      session.data = { ...session.data, customerId: row.id, customerCredential: row.credential };
      const contextToken = await session.rotate();
      return { contextToken };
    },

    async getCart(_input, context) {
      return cartOf(context);
    },

    async addCartLineItems({ body }, context) {
      const session = sessionOf(context);
      const active = new Set(
        (
          await Promise.all(
            body.items.map((item) =>
              db.get<{ id: string }>('SELECT id FROM product WHERE id = ? AND active = 1', item.referencedId),
            ),
          )
        ).map((row) => row?.id),
      );
      const violations: Violation[] = [];
      const lineItems = session.data.lineItems.map((item) => ({ ...item }));
      body.items.forEach((item, index) => {
        if (!active.has(item.referencedId)) {
          violations.push({
            pointer: `/items/${index}/referencedId`,
            message: `No active product with id "${item.referencedId}" exists.`,
          });
          return;
        }
        const line = lineItems.find((candidate) => candidate.referencedId === item.referencedId);
        const quantity = (line?.quantity ?? 0) + item.quantity;
        if (quantity > MAX_QUANTITY) {
          violations.push({
            pointer: `/items/${index}/quantity`,
            message: `The quantity of one line may not exceed ${MAX_QUANTITY}.`,
          });
          return;
        }
        if (line) line.quantity = quantity;
        else lineItems.push({ id: item.referencedId, referencedId: item.referencedId, quantity, type: item.type });
      });
      if (lineItems.length > MAX_LINE_ITEMS)
        violations.push({ pointer: '/items', message: `A cart holds at most ${MAX_LINE_ITEMS} lines.` });
      if (violations.length > 0) throw new Validation(violations);
      session.data = { ...session.data, lineItems };
      return cartOf(context);
    },

    async listCountries(_input, context) {
      await channelOf(context);
      const rows = await db.all<CountryRow>('SELECT * FROM country WHERE active = 1 ORDER BY position, name');
      const elements: Country[] = rows.map((row) => ({
        id: row.id,
        name: row.name,
        iso: row.iso,
        iso3: row.iso3,
        active: row.active === 1,
        position: row.position,
      }));
      return { total: elements.length, aggregations: {}, page: 1, limit: Math.max(elements.length, 1), elements };
    },
  };
}
