// Request bodies the reference service accepts, for the tests that write through its Digest APIs.
type Overrides = Record<string, unknown>;

/** A price of price list 1, valid for 2025. */
export const samplePrice = (overrides: Overrides = {}) => ({
  priceListId: 1,
  orderNumber: 'SVC20001',
  price: 9.5,
  pseudoPrice: 12,
  from: 1,
  to: 10,
  validFrom: '2025-01-01',
  validTo: '2025-12-31',
  calculation: null,
  gross: true,
  ...overrides,
});

/** A banner of category 4, shown in September and October 2025. */
export const sampleBanner = (overrides: Overrides = {}) => ({
  description: 'Autumn deals',
  validFrom: '2025-09-01T00:00:00+02:00',
  validTo: '2025-10-31T23:59:59+01:00',
  image: 'media/image/autumn.JPEG',
  link: 'https://shop.example.com/autumn',
  linkTarget: '_blank',
  categoryId: 4,
  ...overrides,
});
