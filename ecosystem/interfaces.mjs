// The four interfaces whose emitted documents the ecosystem harness feeds to each tool.
export const INTERFACES = ['admin-api', 'store-api', 'price-list-api', 'banner-api'];
