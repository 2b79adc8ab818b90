import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminProduct } from '../../../../shared/contract/admin.ts';
import { CSRF_HEADER } from '../../../../shared/contract/constants.ts';
import { formatMoney } from '../../../../shared/domain/money.ts';
import { quoteLoan } from '../../../../shared/domain/pricing.ts';
import { termsOf } from '../../../../shared/domain/product.ts';
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
import { NewProductPage, ProductPage } from './product-editor-page.tsx';
import { PRODUCT_PATHS } from './products-api.ts';
import { idProduct, inProduct } from './products-test-kit.ts';

const realFetch = globalThis.fetch;
const routes = [
  { path: ADMIN_ROUTES.products, element: <Marker name="products" /> },
  { path: `${ADMIN_ROUTES.products}/new`, Component: NewProductPage },
  { path: `${ADMIN_ROUTES.products}/:id`, Component: ProductPage },
];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

function network(
  product: AdminProduct,
  { put, post }: { put?: (call: FetchCall) => Response; post?: (call: FetchCall) => Response } = {},
) {
  return stubFetch({
    [`GET ${PRODUCT_PATHS.one(product.id)}`]: () => ok(product),
    [`GET ${PRODUCT_PATHS.one(31)}`]: () => ok(idProduct({ id: 31, name: 'Brand new', code: 'brand-new' })),
    [`PUT ${PRODUCT_PATHS.one(product.id)}`]:
      put ?? ((call) => ok({ ...product, ...(call.body as object), updatedAt: new Date().toISOString() })),
    [`POST ${PRODUCT_PATHS.list}`]:
      post ?? ((call) => ok({ ...idProduct(), ...(call.body as object), id: 31, enabled: false })),
    [`GET ${PRODUCT_PATHS.list}`]: () => ok({ items: [] }),
  });
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

/** The form is there (the frame and its heading show while the product loads). */
const loaded = () => screen.findByRole('button', { name: /^(Save|Simpan)$/ });
const loadedReadOnly = () => screen.findByRole('textbox', { name: 'Smallest amount' });

async function retype(user: ReturnType<typeof userEvent.setup>, input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('ProductPage (editing)', () => {
  it('shows the saved terms in the market’s units and saves an edit exactly, in minor units', async () => {
    const product = inProduct();
    const net = network(product);
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.product(4));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Loan product “Kredito Flex”' }),
    ).toBeTruthy();
    expect(screen.getByText('Offered to borrowers: changes reach them as soon as you save.')).toBeTruthy();
    expect(field('Smallest amount').value).toBe('2000');
    expect(field('Terms offered (days)').value).toBe('91, 180, 365');
    expect(field('Interest (% a day)').value).toBe('0.07');
    const fee1 = screen.getByRole('group', { name: 'Fee 1' });
    expect((within(fee1).getByRole('textbox', { name: 'Value' }) as HTMLInputElement).value).toBe('200.5');
    expect(within(fee1).getByText('₹200.50')).toBeTruthy();
    expect(
      (
        within(screen.getByRole('group', { name: 'Fee 2' })).getByRole('textbox', {
          name: 'Value',
        }) as HTMLInputElement
      ).value,
    ).toBe('1.25');
    expect(field('Extension fee (% of the amount)').value).toBe('7.5');

    // 2500.50 rupees is 250050 paise, and 0.0833 % a day 833 ppm: read digit by digit, never as floats.
    await retype(user, field('Smallest amount'), '2500.50');
    expect(screen.getByText(/₹2,500.50/)).toBeTruthy();
    await retype(user, field('Amount step'), '0.50');
    await retype(user, field('Interest (% a day)'), '0.0833');
    await retype(user, field('Daily quota'), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(toasts).toEqual(['Saved.']));
    const put = net.callsTo(PRODUCT_PATHS.one(4), 'PUT')[0]!;
    expect(put.headers[CSRF_HEADER]).toBe(CSRF);
    expect(put.body).toEqual({
      name: 'Kredito Flex',
      logoUrl: '/favicon.svg',
      terms: { ...product.terms, amountMin: 250_050, amountStep: 50, dailyInterestPpm: 833 },
      copy: product.copy,
      sort: 1,
      dailyQuota: null,
    });
  });

  it('adds and removes fees and late-charge tiers', async () => {
    const product = inProduct();
    const net = network(product);
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.product(4));
    await loaded();
    await user.click(screen.getByRole('button', { name: 'Remove fee 1' }));
    await user.click(screen.getByRole('button', { name: 'Add a fee' }));
    const added = screen.getByRole('group', { name: 'Fee 2' });
    await user.selectOptions(within(added).getByRole('combobox', { name: 'Fee' }), 'insurance');
    await user.selectOptions(within(added).getByRole('combobox', { name: 'Charged as' }), 'fixed');
    await user.selectOptions(within(added).getByRole('combobox', { name: 'When' }), 'added');
    await user.type(within(added).getByRole('textbox', { name: 'Value' }), '150');
    await user.click(screen.getByRole('button', { name: 'Remove tier 2' }));
    await user.click(screen.getByRole('button', { name: 'Add a tier' }));
    const tier = screen.getByRole('group', { name: 'Tier 2' });
    await user.type(within(tier).getByRole('textbox', { name: 'From day late' }), '91');
    await user.type(within(tier).getByRole('textbox', { name: '% a day of the overdue amount' }), '2');
    await user.click(screen.getByRole('checkbox', { name: 'Offer an extension of the due date' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(net.callsTo(PRODUCT_PATHS.one(4), 'PUT')).toHaveLength(1));
    const terms = (net.callsTo(PRODUCT_PATHS.one(4), 'PUT')[0]!.body as { terms: Record<string, unknown> })
      .terms;
    expect(terms.fees).toEqual([
      { name: 'service', rateBp: 125, timing: 'added' },
      { name: 'insurance', fixed: 15_000, timing: 'added' },
    ]);
    expect(terms.lateChargeTiers).toEqual([
      { fromDay: 1, dailyPpm: 50_000 },
      { fromDay: 91, dailyPpm: 20_000 },
    ]);
    expect(terms).not.toHaveProperty('extension');
  });

  it('names a value it cannot read at its field and sends nothing', async () => {
    const net = network(inProduct());
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.product(4));
    await loaded();
    await retype(user, field('Smallest amount'), '2,000');
    await retype(user, field('Cooling-off period (days)'), '');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(screen.getByText('Please correct the marked fields.')).toBeTruthy();
    const amount = field('Smallest amount');
    expect(amount.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(amount);
    const message = document.getElementById(amount.getAttribute('aria-describedby')!.split(' ')[0]!)!;
    expect(message.textContent).toBe('Enter rupees as digits, with up to 2 decimals after a point.');
    expect(field('Cooling-off period (days)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Please fill this in.')).toBeTruthy();
    expect(net.callsTo(PRODUCT_PATHS.one(4), 'PUT')).toHaveLength(0);

    // Correcting the field takes its mark away.
    await retype(user, field('Smallest amount'), '2000');
    expect(field('Smallest amount').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server’s refusal at the form and marks the fields it is about', async () => {
    const message =
      'The terms need changing. A loan of Rp\u00a01.000.000 for 30 days would cost more in interest and fees than the market’s cap of 0.10% of the amount for each day of the term.';
    const net = network(idProduct(), { put: () => reply({ code: '400', data: null, message }, 400) });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.product(9));
    await loaded();
    await retype(user, field('Interest (% a day)'), '0.2');
    // The preview already tells: the smallest loan breaks Indonesia's cap.
    // (Testing Library reads the no-break space after "Rp" as a space.)
    expect(screen.getByText(/^A loan of Rp\s1\.000\.000 for 30 days would cost more/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(net.callsTo(PRODUCT_PATHS.one(9), 'PUT')).toHaveLength(1));
    const alert = await screen.findByRole('alert');
    await waitFor(() => expect(alert.textContent).toBe(message));
    const interest = field('Interest (% a day)');
    expect(interest.getAttribute('aria-invalid')).toBe('true');
    expect(interest.getAttribute('aria-describedby')).toContain(alert.id);
    expect(document.activeElement).toBe(interest);
    // What was typed stays.
    expect(interest.value).toBe('0.2');
    expect(toasts).toEqual([]);
  });

  it('says a rule in the operator’s language, and holds the button while the save is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    const net = network(idProduct(), {
      put: () => new Promise<Response>((resolve) => (answer = resolve)) as never,
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.product(9), { lang: 'id' });
    await loaded();
    await retype(user, field('Jumlah terkecil'), '1000000.5');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const amount = field('Jumlah terkecil');
    await waitFor(() => expect(amount.getAttribute('aria-invalid')).toBe('true'));
    expect(
      document.getElementById(amount.getAttribute('aria-describedby')!.split(' ')[0]!)!.textContent,
    ).toBe('Isi rupiah dengan bilangan bulat, hanya angka.');
    expect(screen.getByRole('alert').textContent).toBe('Mohon perbaiki kolom yang ditandai.');
    expect(document.activeElement).toBe(amount);
    expect(net.callsTo(PRODUCT_PATHS.one(9), 'PUT')).toHaveLength(0);

    await retype(user, amount, '1000000');
    await user.click(screen.getByRole('button', { name: 'Simpan' }));
    const saving = (await screen.findByRole('button', { name: 'Menyimpan…' })) as HTMLButtonElement;
    expect(saving.disabled).toBe(true);
    answer(ok({ ...idProduct(), updatedAt: new Date().toISOString() }));
    await waitFor(() => expect(toasts).toEqual(['Tersimpan.']));
    expect(((await screen.findByRole('button', { name: 'Simpan' })) as HTMLButtonElement).disabled).toBe(
      false,
    );
    expect(net.callsTo(PRODUCT_PATHS.one(9), 'PUT')).toHaveLength(1);
  });

  it('previews the smallest and the largest loan as the pricing module quotes them', async () => {
    const product = inProduct();
    network(product);
    renderAt(routes, ADMIN_ROUTES.product(4));
    const preview = (await screen.findByRole('heading', { level: 2, name: 'Preview' })).closest('section')!;
    const terms = termsOf('IN', product.terms!);
    const smallest = quoteLoan(terms, 200_000, 91);
    const largest = quoteLoan(terms, 8_000_000, 365);
    const small = within(preview).getByRole('heading', { name: 'Smallest loan: ₹2,000 for 91 days' })
      .parentElement!;
    expect(small.textContent).toContain(formatMoney(smallest.totalRepayable, 'IN'));
    expect(small.textContent).toContain(formatMoney(smallest.disbursed, 'IN'));
    expect(small.textContent).toContain(`3 × about ${formatMoney(smallest.schedule[0]!.total, 'IN')}`);
    const large = within(preview).getByRole('heading', { name: 'Largest loan: ₹80,000 for 365 days' })
      .parentElement!;
    expect(large.textContent).toContain(formatMoney(largest.totalRepayable, 'IN'));
  });

  it('waits for complete terms before previewing', async () => {
    network(inProduct());
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.product(4));
    await loaded();
    await retype(user, field('Terms offered (days)'), '');
    expect(screen.getByText('The preview appears once the terms are complete.')).toBeTruthy();
  });

  it('shows an agent the product without a way to change it', async () => {
    const net = network(inProduct());
    renderAt(routes, ADMIN_ROUTES.product(4), { session: agentSession() });
    await loadedReadOnly();
    expect(screen.getByText('Only administrators can change products and their terms.')).toBeTruthy();
    // Disabled by a fieldset around the whole form, which disables every control in it (happy-dom does not
    // apply that rule itself, browsers do).
    expect(field('Smallest amount').closest('fieldset[disabled]')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Add a fee' }).closest('fieldset[disabled]')).not.toBeNull();
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(net.calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  it('names another market’s product as such, and a missing one as missing, without a retry', async () => {
    stubFetch({
      [PRODUCT_PATHS.one(7)]: () =>
        reply({ code: '40301', data: null, message: 'This product belongs to another market.' }, 403),
      [PRODUCT_PATHS.one(8)]: () => reply({ code: '404', data: null, message: 'Not found.' }, 404),
    });
    const { unmount } = renderAt(routes, ADMIN_ROUTES.product(7));
    expect(
      await screen.findByText('This product belongs to another market, which you do not work on.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
    unmount();
    renderAt(routes, ADMIN_ROUTES.product(8));
    expect(await screen.findByText('There is no such product.')).toBeTruthy();
  });

  it('speaks Indonesian', async () => {
    network(idProduct());
    renderAt(routes, ADMIN_ROUTES.product(9), { lang: 'id' });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Produk pinjaman “Kredito Kilat”' }),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Bunga dan biaya' })).toBeTruthy();
    expect(field('Jumlah terkecil').value).toBe('1000000');
    expect(screen.getByText('Dalam rupiah: bilangan bulat, hanya angka (1500000).')).toBeTruthy();
    const amount = field('Jumlah terkecil');
    expect(document.getElementById(amount.getAttribute('aria-describedby')!)!.textContent).toBe(
      'Rp\u00a01.000.000',
    );
    expect(
      screen.getByRole('heading', { name: 'Pinjaman terkecil: Rp\u00a01.000.000 selama 30 hari' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Simpan' })).toBeTruthy();
  });
});

describe('NewProductPage', () => {
  it('creates a product in the market asked for, then opens it', async () => {
    const net = network(idProduct());
    const user = userEvent.setup();
    const { router } = renderAt(routes, ADMIN_ROUTES.newProduct('ID'));
    expect(await screen.findByRole('heading', { level: 1, name: 'New loan product' })).toBeTruthy();
    expect((screen.getByRole('radio', { name: 'Indonesia' }) as HTMLInputElement).checked).toBe(true);
    await user.type(field(/^Code/), 'kilat-plus');
    await user.type(field('Name'), 'Kilat Plus');
    await user.type(field('Logo address'), 'https://cdn.example/kilat.png');
    await user.type(field('Smallest amount'), '1000000');
    await user.type(field('Largest amount'), '5000000');
    await user.type(field('Amount step'), '500000');
    await user.type(field('Terms offered (days)'), '30, 60');
    await user.type(field('Interest (% a day)'), '0.05');
    await user.type(field('Cooling-off period (days)'), '2');
    await user.type(
      within(screen.getByRole('group', { name: 'Bahasa Indonesia' })).getByRole('textbox', { name: 'Tags' }),
      'Cepat, Tanpa agunan',
    );
    await user.click(screen.getByRole('button', { name: 'Create product' }));

    await waitFor(() => expect(router.state.location.pathname).toBe(ADMIN_ROUTES.product(31)));
    // The product's page, with the product as the server now has it.
    expect(await screen.findByRole('heading', { level: 1, name: 'Loan product “Brand new”' })).toBeTruthy();
    expect(toasts).toEqual(['Product created. It is not offered yet.']);
    const post = net.callsTo(PRODUCT_PATHS.list, 'POST')[0]!;
    expect(post.headers[CSRF_HEADER]).toBe(CSRF);
    expect(post.body).toMatchObject({
      market: 'ID',
      code: 'kilat-plus',
      name: 'Kilat Plus',
      logoUrl: 'https://cdn.example/kilat.png',
      sort: 0,
      dailyQuota: null,
      terms: {
        amountMin: 100_000_000,
        amountMax: 500_000_000,
        amountStep: 50_000_000,
        termDays: [30, 60],
        installments: 1,
        dailyInterestPpm: 500,
        fees: [],
        lateChargeTiers: [],
        coolingOffDays: 2,
        earlyRepaymentMinDay: 0,
        earlyRepaymentMinTermBp: 0,
      },
    });
    expect((post.body as { copy: unknown }).copy).toEqual({
      en: { description: '', tags: [] },
      id: { description: '', tags: ['Cepat', 'Tanpa agunan'] },
    });
  });

  it('points a code the market already has at the code field', async () => {
    const message =
      'This market already has a product with the code “kredito-kilat”. Please choose another code.';
    network(idProduct(), { post: () => reply({ code: '409', data: null, message }, 409) });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.newProduct('ID'));
    await screen.findByRole('heading', { level: 1 });
    await user.type(field(/^Code/), 'kredito-kilat');
    await user.type(field('Name'), 'Again');
    await user.type(field('Logo address'), '/logo.svg');
    await user.type(field('Smallest amount'), '1000000');
    await user.type(field('Largest amount'), '1000000');
    await user.type(field('Amount step'), '1000000');
    await user.type(field('Terms offered (days)'), '30');
    await user.type(field('Interest (% a day)'), '0.05');
    await user.type(field('Cooling-off period (days)'), '2');
    await user.click(screen.getByRole('button', { name: 'Create product' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(field(/^Code/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field(/^Code/));
  });

  it('is for administrators only', async () => {
    stubFetch({});
    renderAt(routes, ADMIN_ROUTES.newProduct('IN'), { session: agentSession() });
    expect(await screen.findByText('Only administrators can change products and their terms.')).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
  });
});
