import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../../shared/contract/admin.ts';
import { CSRF_HEADER } from '../../../../shared/contract/constants.ts';
import { setupAntdMobile } from '../../../ui/antd-setup.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import {
  agentSession,
  CSRF,
  captureToasts,
  type FetchCall,
  Marker,
  ok,
  renderAt,
  reply,
  stubFetch,
} from '../admin-test-kit.tsx';
import { PRODUCT_PATHS } from './products-api.ts';
import { ProductsPage } from './products-page.tsx';
import { idProduct, inProduct } from './products-test-kit.ts';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.products, Component: ProductsPage },
  { path: `${ADMIN_ROUTES.products}/new`, element: <Marker name="new product" /> },
  { path: `${ADMIN_ROUTES.products}/:id`, element: <Marker name="product" /> },
];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

/** A server that keeps each market's products and answers the switch as the real one does. */
function network({ enabled }: { enabled?: (call: FetchCall, product: AdminProduct) => Response } = {}) {
  const saved: Record<string, AdminProduct[]> = {
    IN: [inProduct(), inProduct({ id: 5, code: 'draft', name: 'Draft loan', terms: null, enabled: false })],
    ID: [idProduct()],
  };
  const all = () => [...saved.IN!, ...saved.ID!];
  return stubFetch({
    [`GET ${PRODUCT_PATHS.list}`]: (call) => ok({ items: saved[call.query.get('market') ?? ''] ?? [] }),
    ...Object.fromEntries(
      all().map((p) => [
        `POST ${PRODUCT_PATHS.enabled(p.id)}`,
        (call: FetchCall) => {
          const product = all().find((x) => x.id === p.id)!;
          if (enabled) return enabled(call, product);
          product.enabled = call.body.enabled as boolean;
          return ok(product);
        },
      ]),
    ),
  });
}

const rowOf = (name: string) => screen.getByRole('link', { name: `Open “${name}”` }).closest('tr')!;

describe('ProductsPage', () => {
  it('lists a market’s products with their amounts, terms, interest, quota and whether they are offered', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.products);
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan products' })).toBeTruthy();
    await screen.findByRole('link', { name: 'Open “Kredito Flex”' });
    expect(net.callsTo(PRODUCT_PATHS.list)[0]!.query.get('market')).toBe('IN');

    const flex = rowOf('Kredito Flex');
    expect(flex.textContent).toContain('kredito-flex');
    expect(flex.textContent).toContain('₹2,000 – ₹80,000');
    expect(flex.textContent).toContain('91, 180, 365 days');
    expect(flex.textContent).toContain('Terms version 1');
    expect(flex.textContent).toContain('0.07%/day');
    expect(flex.textContent).toContain('50 a day');
    expect((within(flex).getByRole('switch') as HTMLInputElement).checked).toBe(true);
    expect(within(flex).getByRole('link').getAttribute('href')).toBe(ADMIN_ROUTES.product(4));

    const draft = rowOf('Draft loan');
    expect(within(draft).getByText('No terms yet')).toBeTruthy();
    expect(
      (within(draft).getByRole('switch', { name: 'Offered to borrowers: “Draft loan”' }) as HTMLInputElement)
        .checked,
    ).toBe(false);
    expect(screen.getByRole('link', { name: 'New product' }).getAttribute('href')).toBe(
      ADMIN_ROUTES.newProduct('IN'),
    );
  });

  it('shows the other market on request, with its own money and a new product in that market', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.products);
    await screen.findByRole('link', { name: 'Open “Kredito Flex”' });
    await user.click(screen.getByRole('radio', { name: 'Indonesia' }));
    const kilat = await screen.findByRole('link', { name: 'Open “Kredito Kilat”' });
    expect(net.callsTo(PRODUCT_PATHS.list).at(-1)!.query.get('market')).toBe('ID');
    expect(kilat.closest('tr')!.textContent).toContain('Rp\u00a01.000.000 – Rp\u00a015.000.000');
    expect(kilat.closest('tr')!.textContent).toContain('No limit');
    expect(screen.getByRole('link', { name: 'New product' }).getAttribute('href')).toBe(
      ADMIN_ROUTES.newProduct('ID'),
    );
  });

  it('offers a product with the CSRF token and says so', async () => {
    const net = network();
    renderAt(routes, `${ADMIN_ROUTES.products}?market=ID`);
    await screen.findByRole('link', { name: 'Open “Kredito Kilat”' });
    fireEvent.click(screen.getByRole('switch', { name: 'Offered to borrowers: “Kredito Kilat”' }));
    await waitFor(() => expect(toasts).toEqual(['Now offered to borrowers.']));
    const call = net.callsTo(PRODUCT_PATHS.enabled(9))[0]!;
    expect(call.body).toEqual({ enabled: true });
    expect(call.headers[CSRF_HEADER]).toBe(CSRF);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: /Kredito Kilat/ }) as HTMLInputElement).checked).toBe(true),
    );
  });

  it('shows the server’s refusal to offer a product without terms, and leaves it off', async () => {
    const refusal = 'This product has no terms yet. Add its terms before offering it to borrowers.';
    network({ enabled: () => reply({ code: '400', data: null, message: refusal }, 400) });
    renderAt(routes, ADMIN_ROUTES.products);
    await screen.findByRole('link', { name: 'Open “Draft loan”' });
    const toggle = screen.getByRole('switch', { name: /Draft loan/ }) as HTMLInputElement;
    fireEvent.click(toggle);
    await waitFor(() => expect(toasts).toEqual([refusal]));
    expect(toggle.checked).toBe(false);
    expect(toggle.disabled).toBe(false);
  });

  it('asks before taking a product off offer; cancelling changes nothing', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.products);
    await screen.findByRole('link', { name: 'Open “Kredito Flex”' });
    fireEvent.click(screen.getByRole('switch', { name: /Kredito Flex/ }));
    let dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Take “Kredito Flex” off offer? Borrowers will no longer see it.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(net.callsTo(PRODUCT_PATHS.enabled(4))).toHaveLength(0);

    fireEvent.click(screen.getByRole('switch', { name: /Kredito Flex/ }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take off offer' }));
    await waitFor(() => expect(toasts).toEqual(['Taken off offer.']));
    expect(net.callsTo(PRODUCT_PATHS.enabled(4))[0]!.body).toEqual({ enabled: false });
  });

  it('shows an agent their market read-only: no switch to use, no new product', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.products, { session: agentSession() });
    await screen.findByRole('link', { name: 'Open “Kredito Flex”' });
    expect(screen.queryByRole('radio')).toBeNull();
    expect(screen.queryByRole('link', { name: 'New product' })).toBeNull();
    expect(screen.getByText('Only administrators can change products and their terms.')).toBeTruthy();
    for (const toggle of screen.getAllByRole('switch'))
      expect((toggle as HTMLInputElement).disabled).toBe(true);
    // Only the agent's market is asked for, even when the address names another.
    expect(net.callsTo(PRODUCT_PATHS.list).every((c) => c.query.get('market') === 'IN')).toBe(true);
  });

  it('has an empty state and a failed state with a retry', async () => {
    let fail = true;
    const net = stubFetch({
      [PRODUCT_PATHS.list]: () =>
        fail ? reply({ code: '500', data: null, message: 'Something went wrong.' }, 500) : ok({ items: [] }),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.products);
    expect(await screen.findByText('Something went wrong.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No products in this market yet.')).toBeTruthy();
    expect(net.callsTo(PRODUCT_PATHS.list)).toHaveLength(2);
  });

  it('speaks Indonesian', async () => {
    network();
    renderAt(routes, ADMIN_ROUTES.products, { lang: 'id' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Produk pinjaman' })).toBeTruthy();
    const flex = (await screen.findByRole('link', { name: 'Buka “Kredito Flex”' })).closest('tr')!;
    expect(flex.textContent).toContain('91, 180, 365 hari');
    expect(flex.textContent).toContain('0,07%/hari');
    expect(flex.textContent).toContain('50 per hari');
    expect(screen.getByRole('switch', { name: 'Ditawarkan kepada peminjam: “Draft loan”' })).toBeTruthy();
    expect(screen.getByText('Belum ada ketentuan')).toBeTruthy();
  });
});
