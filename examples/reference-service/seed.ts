// Demo data, written once into an empty database; and the settings that follow the environment
// on every start (the sales channel's access key, the demo customer's e-mail and password).
import { createHash, createHmac, randomBytes } from 'node:crypto';
import type { AccessTokenStore, RefreshTokenStore } from '../../generated/runtime/stores.js';
import type { ServiceConfig } from './config.js';
import { credentialVersion, hashPassword } from './credentials.js';
import type { Db } from './db.js';
import { endCustomerSessions } from './sqlite-stores.js';

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

export function seedIfEmpty(db: Db): boolean {
  const count = (db.prepare('SELECT COUNT(*) AS n FROM tax').get() as { n: number }).n;
  if (count > 0) return false;
  db.transaction(() => seed(db))();
  return true;
}

function seed(db: Db): void {
  const tax = db.prepare('INSERT INTO tax (id, tax_rate, name, created_at) VALUES (?, ?, ?, ?)');
  for (const entry of TAXES) tax.run(seedId(`tax:${entry.key}`), entry.rate, entry.name, CREATED_AT);

  const manufacturer = db.prepare('INSERT INTO manufacturer (id, catalog_id, name, created_at) VALUES (?, ?, ?, ?)');
  for (const entry of MANUFACTURERS)
    manufacturer.run(seedId(`manufacturer:${entry.key}`), entry.catalog, entry.name, CREATED_AT);

  const product = db.prepare(
    `INSERT INTO product (id, parent_id, name, tax_id, manufacturer_id, stock, active, price_net, price_gross, price_linked, created_at)
     VALUES (@id, @parentId, @name, @taxId, @manufacturerId, @stock, @active, @net, @gross, 1, @createdAt)`,
  );
  let n = 0;
  const addProduct = (name: string, parentId: string | null): string => {
    n++;
    const taxEntry = TAXES[n % 2] ?? TAXES[0];
    const id = seedId(`product:${name}`);
    const net = Math.round((9.9 + n * 3.25) * 100) / 100;
    product.run({
      id,
      parentId,
      name,
      taxId: seedId(`tax:${taxEntry.key}`),
      manufacturerId: n % 5 === 0 ? null : seedId(`manufacturer:${MANUFACTURERS[n % 3]?.key ?? 'acme'}`),
      stock: (n * 7) % 50,
      active: n % 9 === 0 ? 0 : 1,
      net,
      gross: Math.round(net * (100 + taxEntry.rate)) / 100,
      createdAt: CREATED_AT,
    });
    return id;
  };
  for (const parent of PARENTS) {
    const parentId = addProduct(parent, null);
    for (const variant of VARIANTS) addProduct(`${parent} ${variant}`, parentId);
  }
  for (const single of SINGLES) addProduct(single, null);

  const country = db.prepare('INSERT INTO country (id, name, iso, iso3, active, position) VALUES (?, ?, ?, ?, ?, ?)');
  for (const entry of COUNTRIES)
    country.run(
      seedId(`country:${entry.iso}`),
      entry.name,
      entry.iso,
      entry.iso3,
      entry.active ? 1 : 0,
      entry.position,
    );

  db.prepare(
    'INSERT INTO sales_channel (id, name, access_key, currency, language_id, locale, country_id) VALUES (?, ?, ?, ?, ?, ?, ?)',
  ).run(
    SEED.salesChannelId,
    'Storefront',
    'set-from-config-on-start',
    'EUR',
    SEED.languageId,
    'en-GB',
    seedId('country:DE'),
  );

  db.prepare('INSERT INTO customer (id, email, first_name, last_name, password_hash) VALUES (?, ?, ?, ?, ?)').run(
    SEED.customerId,
    'set-from-config-on-start',
    'Dana',
    'Demo',
    'none',
  );

  const priceList = db.prepare('INSERT INTO price_list (name, priority) VALUES (?, ?)');
  const condition = db.prepare('INSERT INTO price_list_condition (price_list_id, type, value) VALUES (?, ?, ?)');
  const price = db.prepare(
    `INSERT INTO price_list_price (price_list_id, order_number, price, pseudo_price, qty_from, qty_to, valid_from, valid_to, calculation, gross)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const euro = Number(priceList.run('Euro retail', 10).lastInsertRowid);
  condition.run(euro, 'SvcPriceList\\Condition\\CurrencyCondition', 'EUR');
  price.run(euro, 'SVC10001', 19.99, 24.99, 1, 9, null, null, null, 1);
  price.run(euro, 'SVC10001', 17.99, 24.99, 10, 99, null, null, null, 1);
  price.run(euro, 'SVC10002', 49.5, 0, 1, 999, '2024-01-01', '2030-12-31', null, 1);
  const franc = Number(priceList.run('Swiss wholesale', 20).lastInsertRowid);
  condition.run(franc, 'SvcPriceList\\Condition\\CurrencyCondition', 'CHF');
  condition.run(franc, 'SvcPriceList\\Condition\\CustomerGroupCondition', 'wholesale');
  price.run(franc, 'SVC10001', 15.0, 0, 1, 999, null, null, 'net', 0);
  price.run(franc, 'SVC10003', 8.4, 9.9, 5, 500, '2024-06-01', null, null, 0);

  const banner = db.prepare(
    `INSERT INTO banner (description, valid_from, valid_to, image, link, link_target, category_id, extension)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  banner.run(
    'Summer sale',
    '2024-06-01T00:00:00+00:00',
    '2024-08-31T23:59:59+00:00',
    'media/image/summer-sale.jpg',
    'https://shop.example.com/sale',
    '_self',
    3,
    'jpg',
  );
  banner.run(
    'New arrivals',
    null,
    null,
    'media/image/new-arrivals.png',
    'https://shop.example.com/new',
    '_blank',
    5,
    'png',
  );
  banner.run(
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
export function serviceKey(db: Db, purpose: string): Buffer {
  db.prepare('INSERT OR IGNORE INTO service_setting (name, value) VALUES (?, ?)').run(
    'secret',
    randomBytes(32).toString('base64url'),
  );
  const row = db.prepare('SELECT value FROM service_setting WHERE name = ?').get('secret') as { value: string };
  return createHmac('sha256', Buffer.from(row.value, 'base64url')).update(purpose).digest();
}

/** The versions of the configured credentials (see credentialVersion). */
export interface CredentialVersions {
  readonly admin: string;
  readonly integration: string;
  readonly customer: string;
}

export function credentialVersions(db: Db, config: ServiceConfig): CredentialVersions {
  const key = serviceKey(db, 'credential-version');
  return {
    admin: credentialVersion(key, 'user', config.adminUsername, config.adminPassword),
    integration: credentialVersion(key, 'client', config.integrationId, config.integrationSecret),
    customer: credentialVersion(key, 'customer', config.customerEmail.toLowerCase(), config.customerPassword),
  };
}

/** Settings that follow the environment on every start. */
export function applyConfig(
  db: Db,
  config: ServiceConfig,
  versions: CredentialVersions = credentialVersions(db, config),
): void {
  db.transaction(() => {
    db.prepare('UPDATE sales_channel SET access_key = ? WHERE id = ?').run(
      config.salesChannelAccessKey,
      SEED.salesChannelId,
    );
    const customer = db.prepare('SELECT credential FROM customer WHERE id = ?').get(SEED.customerId) as {
      credential: string;
    };
    if (customer.credential === versions.customer) return;
    db.prepare('UPDATE customer SET email = ?, password_hash = ?, credential = ? WHERE id = ?').run(
      config.customerEmail.toLowerCase(),
      hashPassword(config.customerPassword),
      versions.customer,
      SEED.customerId,
    );
    // A changed password logs the customer out everywhere.
    endCustomerSessions(db, SEED.customerId);
  })();
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
  db: Db,
  config: ServiceConfig,
  versions: CredentialVersions,
  stores: TokenStores,
): Promise<void> {
  const accounts = [
    { name: 'credential:admin', subject: config.adminUsername, version: versions.admin },
    { name: 'credential:integration', subject: config.integrationId, version: versions.integration },
  ];
  for (const account of accounts) {
    const row = db.prepare('SELECT value FROM service_setting WHERE name = ?').get(account.name) as
      { value: string } | undefined;
    const current = JSON.stringify({ subject: account.subject, version: account.version });
    if (row?.value === current) continue;
    if (row !== undefined) {
      const previous = JSON.parse(row.value) as { subject: string };
      await stores.accessTokens.revokeSubject(previous.subject);
      await stores.refreshTokens.revokeSubject(previous.subject);
    }
    db.prepare('INSERT OR REPLACE INTO service_setting (name, value) VALUES (?, ?)').run(account.name, current);
  }
}
