import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ComplaintTypeNode } from '../../../shared/contract/admin.ts';
import { CSRF_HEADER } from '../../../shared/contract/constants.ts';
import type { Market } from '../../../shared/markets.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { ADMIN_PATHS } from './admin-api.ts';
import { ADMIN_ROUTES } from './admin-paths.ts';
import {
  agentSession,
  CSRF,
  captureToasts,
  type FetchCall,
  ok,
  renderAt,
  reply,
  stubFetch,
} from './admin-test-kit.tsx';
import { ComplaintTypesPage } from './complaint-types-page.tsx';

const realFetch = globalThis.fetch;
const routes = [{ path: ADMIN_ROUTES.complaintTypes, Component: ComplaintTypesPage }];
const INVALID = 'Some of the information is not valid. Please check and try again.';

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

function node(overrides: Partial<ComplaintTypeNode> & Pick<ComplaintTypeNode, 'id' | 'value'>) {
  return {
    market: 'IN',
    parentValue: null,
    titleEn: `English ${overrides.value}`,
    titleId: `Indonesia ${overrides.value}`,
    sort: 0,
    active: true,
    ...overrides,
  } satisfies ComplaintTypeNode;
}

/** As the server sends them: sub-types and types mixed, not in display order. */
function types(market: Market = 'IN'): ComplaintTypeNode[] {
  return [
    node({
      id: 11,
      market,
      value: 11,
      parentValue: 1,
      titleEn: 'Calls to my contacts',
      titleId: 'Telepon ke kontak saya',
      sort: 1,
    }),
    node({ id: 3, market, value: 3, titleEn: 'Other', titleId: 'Lainnya', sort: 2, active: false }),
    node({
      id: 2,
      market,
      value: 2,
      titleEn: 'Repayment not credited',
      titleId: 'Pembayaran belum masuk',
      sort: 1,
    }),
    node({
      id: 10,
      market,
      value: 10,
      parentValue: 1,
      titleEn: 'Rude language',
      titleId: 'Bahasa kasar',
      sort: 0,
    }),
    node({ id: 1, market, value: 1, titleEn: 'Collection', titleId: 'Penagihan', sort: 0 }),
  ];
}

/** A server that keeps what is saved, so the reloaded list shows it. */
function network({ put }: { put?: (call: FetchCall) => Response } = {}) {
  const saved = new Map<string, ComplaintTypeNode[]>([
    ['IN', types('IN')],
    ['ID', types('ID').map((n) => ({ ...n, id: n.id + 100, titleEn: `${n.titleEn} (ID)` }))],
  ]);
  const save = (id: number) => (call: FetchCall) => {
    if (put) return put(call);
    const list = [...saved.values()].find((l) => l.some((n) => n.id === id))!;
    const index = list.findIndex((n) => n.id === id);
    list[index] = { ...list[index]!, ...(call.body as Partial<ComplaintTypeNode>) };
    return ok(list[index]);
  };
  return stubFetch({
    [`GET ${ADMIN_PATHS.complaintTypes}`]: (call) =>
      ok({ items: saved.get(call.query.get('market') ?? '') ?? [] }),
    ...Object.fromEntries([1, 2, 3, 10, 11].map((id) => [`PUT ${ADMIN_PATHS.complaintType(id)}`, save(id)])),
  });
}

const texts = (elements: HTMLElement[]) => elements.map((e) => e.textContent);

describe('ComplaintTypesPage', () => {
  it('lists the types in order with each sub-type nested under its type', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.complaintTypes);
    const list = await screen.findByRole('list', { name: 'Complaint types for India' });
    expect(net.callsTo(ADMIN_PATHS.complaintTypes)[0]!.query.get('market')).toBe('IN');
    expect(screen.getByRole('heading', { level: 1, name: 'Complaint types' })).toBeTruthy();

    // Top-level types only at the first level, by their order.
    const tops = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    expect(tops.map((li) => li.querySelector('h2')?.textContent)).toEqual([
      'Collection',
      'Repayment not credited',
      'Other',
    ]);
    // The sub-types sit inside their type's row, in their own order.
    const subList = within(tops[0]!).getByRole('list', { name: 'Sub-types of “Collection”' });
    expect(texts(within(subList).getAllByRole('heading', { level: 3 }))).toEqual([
      'Rude language',
      'Calls to my contacts',
    ]);
    expect(within(tops[1]!).queryByRole('list')).toBeNull();

    // Each row: value, both titles, order, and an on/off switch.
    const row = within(subList).getAllByRole('listitem')[1]!;
    expect(row.textContent).toContain('No. 11');
    expect(row.textContent).toContain('Telepon ke kontak saya');
    expect(row.textContent).toContain('Order 1');
    expect(within(row).getByText('Telepon ke kontak saya').closest('[lang]')!.getAttribute('lang')).toBe(
      'id',
    );
    const on = within(row).getByRole('switch', {
      name: 'Active: “Calls to my contacts”',
    }) as HTMLInputElement;
    expect(on.checked).toBe(true);

    // The inactive type is marked in words, and its switch is off.
    const other = tops[2]!;
    expect(other.className).toContain('admin-qa-inactive');
    expect(within(other).getByText('Inactive')).toBeTruthy();
    expect((within(other).getByRole('switch') as HTMLInputElement).checked).toBe(false);
    expect(within(tops[1]!).queryByText('Inactive')).toBeNull();
  });

  it('names the rows in the operator’s language', async () => {
    network();
    renderAt(routes, ADMIN_ROUTES.complaintTypes, { lang: 'id' });
    const list = await screen.findByRole('list', { name: 'Jenis pengaduan untuk India' });
    expect(screen.getByRole('heading', { level: 1, name: 'Jenis pengaduan' })).toBeTruthy();
    expect(texts(within(list).getAllByRole('heading', { level: 2 }))).toEqual([
      'Penagihan',
      'Pembayaran belum masuk',
      'Lainnya',
    ]);
    const subList = within(list).getByRole('list', { name: 'Subjenis dari “Penagihan”' });
    expect(texts(within(subList).getAllByRole('heading', { level: 3 }))).toEqual([
      'Bahasa kasar',
      'Telepon ke kontak saya',
    ]);
    // The English title is still shown beside it.
    expect(within(subList).getByText('Rude language').closest('[lang]')!.getAttribute('lang')).toBe('en');
    expect(screen.getByRole('button', { name: 'Ubah “Telepon ke kontak saya”' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Aktif: “Lainnya”' })).toBeTruthy();
    expect(within(list).getByText('Nonaktif')).toBeTruthy();
  });

  it('saves exactly the titles, order and active flag to the type’s id, then shows the new list', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.complaintTypes);
    await user.click(await screen.findByRole('button', { name: 'Edit “Calls to my contacts”' }));
    const form = screen.getByRole('form', { name: 'Edit sub-type “Calls to my contacts”' });
    const en = within(form).getByRole('textbox', { name: 'English' });
    // Typing can start at once.
    expect(document.activeElement).toBe(en);
    await user.clear(en);
    await user.type(en, '  Calls to my family ');
    const sort = within(form).getByRole('spinbutton', { name: 'Order (lower comes first)' });
    await user.clear(sort);
    await user.type(sort, '5');
    await user.click(within(form).getByRole('checkbox', { name: 'Active (borrowers can choose it)' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.complaintType(11), 'PUT')).toHaveLength(1));
    const put = net.callsTo(ADMIN_PATHS.complaintType(11), 'PUT')[0]!;
    expect(put.body).toEqual({
      titleEn: 'Calls to my family',
      titleId: 'Telepon ke kontak saya',
      sort: 5,
      active: false,
    });
    expect(put.headers[CSRF_HEADER]).toBe(CSRF);
    expect(net.calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

    // Closed, confirmed, and the list loaded again with the change.
    await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
    expect(toasts).toEqual(['Saved.']);
    expect(net.callsTo(ADMIN_PATHS.complaintTypes, 'GET')).toHaveLength(2);
    const edited = await screen.findByRole('heading', { level: 3, name: 'Calls to my family' });
    const row = edited.closest('li')!;
    expect(row.textContent).toContain('Inactive');
    expect(row.textContent).toContain('Order 5');
    // Back on the row's edit button.
    expect(document.activeElement).toBe(
      within(row).getByRole('button', { name: 'Edit “Calls to my family”' }),
    );
  });

  it('checks the titles with the contract’s rule before sending, in the operator’s language', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.complaintTypes, { lang: 'id' });
    await user.click(await screen.findByRole('button', { name: 'Ubah “Penagihan”' }));
    const form = screen.getByRole('form', { name: 'Ubah jenis pengaduan “Penagihan”' });
    const en = within(form).getByRole('textbox', { name: 'English' }) as HTMLInputElement;
    const id = within(form).getByRole('textbox', { name: 'Bahasa Indonesia' }) as HTMLInputElement;
    await user.clear(en);
    await user.type(en, 'Debt collection');
    await user.clear(id);
    await user.click(within(form).getByRole('button', { name: 'Simpan' }));

    // Its message is at the empty field, in Indonesian, which is marked and focused; nothing is sent.
    await waitFor(() => expect(id.getAttribute('aria-invalid')).toBe('true'));
    const description = document.getElementById(id.getAttribute('aria-describedby')!)!;
    expect(description.textContent).toBe('Mohon diisi.');
    expect(id.parentElement!.contains(description)).toBe(true);
    expect(document.activeElement).toBe(id);
    expect(en.getAttribute('aria-invalid')).toBeNull();
    expect(net.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
    expect(en.value).toBe('Debt collection');

    // Typing in the field clears its message.
    await user.type(id, 'Penagihan utang');
    expect(id.getAttribute('aria-invalid')).toBeNull();
    expect(within(form).queryByText('Mohon diisi.')).toBeNull();
  });

  it('keeps what was typed when the server refuses, and the button waits for the answer', async () => {
    let answer: (response: Response) => void = () => {};
    network({ put: () => new Promise<Response>((resolve) => (answer = resolve)) as never });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.complaintTypes);
    await user.click(await screen.findByRole('button', { name: 'Edit “Collection”' }));
    const form = screen.getByRole('form', { name: 'Edit complaint type “Collection”' });
    const en = within(form).getByRole('textbox', { name: 'English' }) as HTMLInputElement;
    await user.clear(en);
    await user.type(en, 'Debt collection');
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    // While the save is on its way, the button says so and cannot be pressed again.
    const saving = await within(form).findByRole('button', { name: 'Saving…' });
    expect((saving as HTMLButtonElement).disabled).toBe(true);
    answer(reply({ code: '400', data: null, message: INVALID }, 400));

    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(INVALID));
    expect(((await within(form).findByRole('button', { name: 'Save' })) as HTMLButtonElement).disabled).toBe(
      false,
    );
    // Not toasted as well; the form stays open with what was typed.
    expect(toasts).toEqual([]);
    expect(en.value).toBe('Debt collection');
    expect(screen.getByRole('form', { name: 'Edit complaint type “Collection”' })).toBe(form);
  });

  it('shows a refusal about no one field above the buttons', async () => {
    network({ put: () => reply({ code: '500', data: null, message: 'Something went wrong.' }, 500) });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.complaintTypes);
    await user.click(await screen.findByRole('button', { name: 'Edit “Other”' }));
    const form = screen.getByRole('form', { name: 'Edit complaint type “Other”' });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe('Something went wrong.'));
    expect(form.querySelector('[aria-invalid]')).toBeNull();
    expect(screen.getByRole('form', { name: 'Edit complaint type “Other”' })).toBe(form);
  });

  it('checks the order before sending', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.complaintTypes);
    await user.click(await screen.findByRole('button', { name: 'Edit “Other”' }));
    const form = screen.getByRole('form', { name: 'Edit complaint type “Other”' });
    const sort = within(form).getByRole('spinbutton') as HTMLInputElement;
    await user.clear(sort);
    await user.type(sort, '20000');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(sort.getAttribute('aria-invalid')).toBe('true');
    expect(within(form).getByText('The order must be a whole number from 0 to 10000.')).toBeTruthy();
    expect(net.calls.filter((c) => c.method === 'PUT')).toHaveLength(0);
  });

  it('turns a type off after asking, and on at once, keeping its titles and order', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.complaintTypes);
    await user.click(await screen.findByRole('switch', { name: 'Active: “Collection”' }));
    const dialog = await screen.findByRole('dialog');
    // Its sub-types go with it, and the operator is told so.
    expect(dialog.textContent).toContain('or any of its sub-types');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Make inactive' }));
    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.complaintType(1), 'PUT')).toHaveLength(1));
    expect(net.callsTo(ADMIN_PATHS.complaintType(1), 'PUT')[0]!.body).toEqual({
      titleEn: 'Collection',
      titleId: 'Penagihan',
      sort: 0,
      active: false,
    });
    expect(net.callsTo(ADMIN_PATHS.complaintType(1), 'PUT')[0]!.headers[CSRF_HEADER]).toBe(CSRF);
    await waitFor(() =>
      expect((screen.getByRole('switch', { name: 'Active: “Collection”' }) as HTMLInputElement).checked).toBe(
        false,
      ),
    );
    // Its sub-types are hidden from borrowers now, and say so.
    expect(
      screen.getByRole('heading', { level: 3, name: 'Rude language' }).closest('li')!.textContent,
    ).toContain('Hidden: its type is inactive');

    await user.click(screen.getByRole('switch', { name: 'Active: “Other”' }));
    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.complaintType(3), 'PUT')).toHaveLength(1));
    expect(net.callsTo(ADMIN_PATHS.complaintType(3), 'PUT')[0]!.body).toEqual({
      titleEn: 'Other',
      titleId: 'Lainnya',
      sort: 2,
      active: true,
    });
    expect(toasts).toEqual(['Made inactive.', 'Made active.']);
  });

  it('switches market', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.complaintTypes);
    await screen.findByRole('list', { name: 'Complaint types for India' });
    await user.click(screen.getByRole('radio', { name: 'Indonesia' }));
    const list = await screen.findByRole('list', { name: 'Complaint types for Indonesia' });
    expect(within(list).getAllByRole('heading', { level: 2 })[0]!.textContent).toBe('Collection (ID)');
    expect(net.callsTo(ADMIN_PATHS.complaintTypes, 'GET').map((c) => c.query.get('market'))).toEqual([
      'IN',
      'ID',
    ]);
  });

  it('says when a market has no types, and offers a retry when the list fails', async () => {
    let fail = true;
    stubFetch({
      [`GET ${ADMIN_PATHS.complaintTypes}`]: (call) =>
        fail
          ? reply({ code: '503', data: null, message: 'The service is busy.' }, 503)
          : ok({ items: call.query.get('market') === 'ID' ? [] : types() }),
    });
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.complaintTypes);
    expect((await screen.findByRole('alert')).textContent).toContain('The service is busy.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('list', { name: 'Complaint types for India' })).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: 'Indonesia' }));
    expect(await screen.findByText('No complaint types for this market yet.')).toBeTruthy();
  });

  it('is for administrators only', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.complaintTypes, { session: agentSession() });
    expect(await screen.findByText('Only administrators can open this page.')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    expect(net.calls).toHaveLength(0);
  });
});
