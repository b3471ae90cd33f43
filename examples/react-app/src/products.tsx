// The products screen: an infinite list (two per page), a form that creates a product, a button per
// product that renames it, and the typed error of a refused request. Every call goes through the
// generated hooks; a create or update marks the list stale, so it reads again.
import { useState, type FormEvent } from 'react';
import { ApiClientError } from './generated/admin-api/client.js';
import {
  useCreateProduct,
  useListProductInfinite,
  useListTax,
  useUpdateProduct,
  type AdminApiError,
} from './generated/admin-api/react-query.js';

const PAGE_SIZE = 2;

export function Products() {
  const products = useListProductInfinite({ query: { limit: PAGE_SIZE } });
  const taxes = useListTax({ query: { limit: 1 } });
  const create = useCreateProduct();
  const update = useUpdateProduct();
  const [name, setName] = useState('');
  const taxId = taxes.data?.items[0]?.id ?? '';

  const submit = (event: FormEvent, valid: boolean) => {
    event.preventDefault();
    const price = { gross: 11.9, net: 10, linked: true };
    create.mutate({ body: { name, stock: 5, active: true, price, taxId: valid ? taxId : 'not-a-tax-id' } });
  };
  const rows = products.data?.pages.flatMap((page) => page.items) ?? [];
  const total = products.data?.pages[0]?.total ?? 0;

  return (
    <main>
      <h1>Products</h1>
      {products.error && <ErrorLine error={products.error} />}
      <p data-testid="count">
        {rows.length} of {total} shown
      </p>
      <ul data-testid="products">
        {rows.map((product) => (
          <li key={product.id} data-testid="product">
            <span>{product.name}</span>{' '}
            <button
              type="button"
              onClick={() => update.mutate({ params: { id: product.id }, body: { name: `${product.name} (edited)` } })}
            >
              Rename
            </button>
          </li>
        ))}
      </ul>
      {products.hasNextPage && (
        <button type="button" onClick={() => void products.fetchNextPage()} disabled={products.isFetchingNextPage}>
          Load more
        </button>
      )}
      <form onSubmit={(event) => submit(event, true)}>
        <input aria-label="Name" value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit" disabled={taxId === ''}>
          Create
        </button>
        <button type="button" onClick={(event) => submit(event, false)}>
          Create with a bad tax id
        </button>
      </form>
      {create.error && <ErrorLine error={create.error} />}
      {update.error && <ErrorLine error={update.error} />}
    </main>
  );
}

/** The typed error: an ApiClientError names its status and the service's message; others their class. */
function ErrorLine({ error }: { readonly error: AdminApiError }) {
  const text =
    error instanceof ApiClientError ? `${error.status}: ${error.message}` : `${error.name}: ${error.message}`;
  return (
    <p role="alert" data-testid="error">
      {text}
    </p>
  );
}
