// Demo data, written once into an empty database; and the settings that follow the environment
// on every start (the sales channel's access key, the demo customer's e-mail and password).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AccessTokenStore, RefreshTokenStore } from '../../generated/runtime/stores/stores.js';
import type { ServiceConfig } from './config.js';
import { credentialVersion, hashPassword } from './credentials.js';
import type { Data } from './data.js';

/** A stable 32-hex id for a seed record, so the walkthrough can name it. */
export function seedId(name: string): string {
  return createHash('md5').update(`svc-seed:${name}`).digest('hex');
}

export const SEED = {
  salesChannelId: seedId('sales-channel:storefront'),
  customerId: seedId('customer:demo'),
  languageId: seedId('language:en-GB'),
} as const;

const CREATED_AT = '2024-01-15T09:30:00.000+00:00';

const TAXES = [
  { key: 'standard', name: 'Standard rate', rate: 19 },
  { key: 'reduced', name: 'Reduced rate', rate: 7 },
  { key: 'free', name: 'Tax free', rate: 0 },
] as const;

const MANUFACTURERS = [
  { key: 'northwind', name: 'Northwind Outfitters', catalog: 'catalog-main' },
  { key: 'acme', name: 'Acme Goods', catalog: 'catalog-main' },
  { key: 'fjord', name: 'Fjord Design', catalog: 'catalog-nordic' },
] as const;

const COUNTRIES = [
  { iso: 'DE', iso3: 'DEU', name: 'Germany', active: true, position: 1 },
  { iso: 'AT', iso3: 'AUT', name: 'Austria', active: true, position: 2 },
  { iso: 'CH', iso3: 'CHE', name: 'Switzerland', active: true, position: 3 },
  { iso: 'GB', iso3: 'GBR', name: 'United Kingdom', active: true, position: 4 },
  { iso: 'FR', iso3: 'FRA', name: 'France', active: false, position: 5 },
  { iso: 'US', iso3: 'USA', name: 'United States', active: false, position: 6 },
] as const;

/** Six products with two variants each, and twelve without: thirty in all. */
const PARENTS = ['Trail Jacket', 'Canvas Backpack', 'Merino Sweater', 'Running Shoe', 'Rain Poncho', 'Wool Beanie'];
const VARIANTS = ['Small', 'Large'];
const SINGLES = [
  'Water Bottle',
  'Camping Mug',
  'Head Lamp',
  'Trekking Pole',
  'Sleeping Mat',
  'Compass',
  'First Aid Kit',
  'Dry Bag',
  'Map Case',
  'Sun Cap',
  'Gaiters',
  'Thermos',
];

/** Writes the demo data when the database has none; tx is a transaction, so a seed is whole or absent. */
export async function seedIfEmpty(tx: Data): Promise<boolean> {
  if ((await tx.count('SELECT COUNT(*) AS n FROM tax')) > 0) return false;
  await seed(tx);
  return true;
}

async function seed(db: Data): Promise<void> {
  for (const entry of TAXES)
    await db.run(
      'INSERT INTO tax (id, tax_rate, name, created_at) VALUES (?, ?, ?, ?)',
      seedId(`tax:${entry.key}`),
      entry.rate,
      entry.name,
      CREATED_AT,
    );

  for (const entry of MANUFACTURERS)
    await db.run(
      'INSERT INTO manufacturer (id, catalog_id, name, created_at) VALUES (?, ?, ?, ?)',
      seedId(`manufacturer:${entry.key}`),
      entry.catalog,
      entry.name,
      CREATED_AT,
    );

  let n = 0;
  const addProduct = async (name: string, parentId: string | null): Promise<string> => {
    n++;
    const taxEntry = TAXES[n % 2] ?? TAXES[0];
    const id = seedId(`product:${name}`);
    const net = Math.round((9.9 + n * 3.25) * 100) / 100;
    await db.run(
      `INSERT INTO product (id, parent_id, name, tax_id, manufacturer_id, stock, active, price_net, price_gross, price_linked, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
      id,
      parentId,
      name,
      seedId(`tax:${taxEntry.key}`),
      n % 5 === 0 ? null : seedId(`manufacturer:${MANUFACTURERS[n % 3]?.key ?? 'acme'}`),
      (n * 7) % 50,
      n % 9 === 0 ? 0 : 1,
      net,
      Math.round(net * (100 + taxEntry.rate)) / 100,
      CREATED_AT,
    );
    return id;
  };
  for (const parent of PARENTS) {
    const parentId = await addProduct(parent, null);
    for (const variant of VARIANTS) await addProduct(`${parent} ${variant}`, parentId);
  }
  for (const single of SINGLES) await addProduct(single, null);

  for (const entry of COUNTRIES)
    await db.run(
      'INSERT INTO country (id, name, iso, iso3, active, position) VALUES (?, ?, ?, ?, ?, ?)',
      seedId(`country:${entry.iso}`),
      entry.name,
      entry.iso,
      entry.iso3,
      entry.active ? 1 : 0,
      entry.position,
    );

  await db.run(
    'INSERT INTO sales_channel (id, name, access_key, currency, language_id, locale, country_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
    SEED.salesChannelId,
    'Storefront',
    'set-from-config-on-start',
    'EUR',
    SEED.languageId,
    'en-GB',
    seedId('country:DE'),
  );

  await db.run(
    'INSERT INTO customer (id, email, first_name, last_name, password_hash) VALUES (?, ?, ?, ?, ?)',
    SEED.customerId,
    'set-from-config-on-start',
    'Dana',
    'Demo',
    'none',
  );

  const priceList = (name: string, priority: number) =>
    db.insert('INSERT INTO price_list (name, priority) VALUES (?, ?)', name, priority);
  const condition = (...values: unknown[]) =>
    db.run('INSERT INTO price_list_condition (price_list_id, type, value) VALUES (?, ?, ?)', ...values);
  const price = (...values: unknown[]) =>
    db.run(
      `INSERT INTO price_list_price (price_list_id, order_number, price, pseudo_price, qty_from, qty_to, valid_from, valid_to, calculation, gross)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      ...values,
    );
  const euro = await priceList('Euro retail', 10);
  await condition(euro, 'SvcPriceList\\Condition\\CurrencyCondition', 'EUR');
  await price(euro, 'SVC10001', 19.99, 24.99, 1, 9, null, null, null, 1);
  await price(euro, 'SVC10001', 17.99, 24.99, 10, 99, null, null, null, 1);
  await price(euro, 'SVC10002', 49.5, 0, 1, 999, '2024-01-01', '2030-12-31', null, 1);
  const franc = await priceList('Swiss wholesale', 20);
  await condition(franc, 'SvcPriceList\\Condition\\CurrencyCondition', 'CHF');
  await condition(franc, 'SvcPriceList\\Condition\\CustomerGroupCondition', 'wholesale');
  await price(franc, 'SVC10001', 15.0, 0, 1, 999, null, null, 'net', 0);
  await price(franc, 'SVC10003', 8.4, 9.9, 5, 500, '2024-06-01', null, null, 0);

  const banner = (...values: unknown[]) =>
    db.run(
      `INSERT INTO banner (description, valid_from, valid_to, image, link, link_target, category_id, extension)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
      ...values,
    );
  await banner(
    'Summer sale',
    '2024-06-01T00:00:00+00:00',
    '2024-08-31T23:59:59+00:00',
    'media/image/summer-sale.jpg',
    'https://shop.example.com/sale',
    '_self',
    3,
    'jpg',
  );
  await banner(
    'New arrivals',
    null,
    null,
    'media/image/new-arrivals.png',
    'https://shop.example.com/new',
    '_blank',
    5,
    'png',
  );
  await banner(
    'Outdoor week',
    '2024-09-01T00:00:00+00:00',
    null,
    'media/image/outdoor.webp',
    'https://shop.example.com/outdoor',
    '_self',
    3,
    'webp',
  );
}

/** The service's own secret, made on first start and kept in the database; keys derive from it by purpose. */
export async function serviceKey(db: Data, purpose: string): Promise<Buffer> {
  await db.run(
    'INSERT INTO service_setting (name, value) VALUES (?, ?) ON CONFLICT (name) DO NOTHING',
    'secret',
    randomBytes(32).toString('base64url'),
  );
  const row = (await db.get<{ value: string }>('SELECT value FROM service_setting WHERE name = ?', 'secret')) as {
    value: string;
  };
  return createHmac('sha256', Buffer.from(row.value, 'base64url')).update(purpose).digest();
}

/** The versions of the configured credentials (see credentialVersion). */
export interface CredentialVersions {
  readonly admin: string;
  readonly integration: string;
  readonly customer: string;
}

export async function credentialVersions(db: Data, config: ServiceConfig): Promise<CredentialVersions> {
  const key = await serviceKey(db, 'credential-version');
  return {
    admin: credentialVersion(key, 'user', config.adminUsername, config.adminPassword),
    integration: credentialVersion(key, 'client', config.integrationId, config.integrationSecret),
    customer: credentialVersion(key, 'customer', config.customerEmail.toLowerCase(), config.customerPassword),
  };
}

/** Settings that follow the environment on every start. */
export async function applyConfig(
  tx: Data,
  config: ServiceConfig,
  versions: CredentialVersions,
  endCustomerSessions: (tx: Data, customerId: string) => Promise<void>,
): Promise<void> {
  await tx.transaction(async (db) => {
    await db.run(
      'UPDATE sales_channel SET access_key = ? WHERE id = ?',
      config.salesChannelAccessKey,
      SEED.salesChannelId,
    );
    const customer = (await db.get<{ credential: string }>(
      'SELECT credential FROM customer WHERE id = ?',
      SEED.customerId,
    )) as {
      credential: string;
    };
    if (customer.credential === versions.customer) return;
    await db.run(
      'UPDATE customer SET email = ?, password_hash = ?, credential = ? WHERE id = ?',
      config.customerEmail.toLowerCase(),
      hashPassword(config.customerPassword),
      versions.customer,
      SEED.customerId,
    );
    // A changed password logs the customer out everywhere.
    await endCustomerSessions(db, SEED.customerId);
  });
}

interface TokenStores {
  readonly accessTokens: AccessTokenStore;
  readonly refreshTokens: RefreshTokenStore;
}

/**
 * Revokes the tokens issued under an admin or integration credential that changed since the last start
 * (the tokens' own credential versions refuse them too; this also ends tokens of a renamed account).
 */
export async function revokeChangedCredentials(
  db: Data,
  config: ServiceConfig,
  versions: CredentialVersions,
  stores: TokenStores,
): Promise<void> {
  const accounts = [
    { name: 'credential:admin', subject: config.adminUsername, version: versions.admin },
    { name: 'credential:integration', subject: config.integrationId, version: versions.integration },
  ];
  for (const account of accounts) {
    const row = await db.get<{ value: string }>('SELECT value FROM service_setting WHERE name = ?', account.name);
    const current = JSON.stringify({ subject: account.subject, version: account.version });
    if (row?.value === current) continue;
    if (row !== undefined) {
      const previous = JSON.parse(row.value) as { subject: string };
      await stores.accessTokens.revokeSubject(previous.subject);
      await stores.refreshTokens.revokeSubject(previous.subject);
    }
    await db.run(
      'INSERT INTO service_setting (name, value) VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value',
      account.name,
      current,
    );
  }
}
