import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { QaNode } from '../../../shared/contract/admin.ts';
import { CSRF_HEADER } from '../../../shared/contract/constants.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { ADMIN_PATHS } from './admin-api.ts';
import { ADMIN_ROUTES } from './admin-paths.ts';
import { agentSession, CSRF, captureToasts, ok, qaNode, renderAt, stubFetch } from './admin-test-kit.tsx';
import { ChatbotPage } from './chatbot-page.tsx';

const realFetch = globalThis.fetch;
const routes = [{ path: ADMIN_ROUTES.chatbot, Component: ChatbotPage }];

let toasts: string[];
beforeAll(() => setupAntdMobile('en'));
beforeEach(() => {
  toasts = captureToasts();
});
afterEach(() => {
  globalThis.fetch = realFetch;
});

function tree(market: 'IN' | 'ID' = 'IN'): QaNode[] {
  return [
    qaNode({
      id: 1,
      kind: 'category',
      market,
      titleEn: 'Loans',
      titleId: 'Pinjaman',
      aliasEn: 'Loan',
      icon: 'loan',
      sort: 0,
    }),
    qaNode({ id: 2, kind: 'category', market, titleEn: 'Other', titleId: 'Lainnya', icon: 'other', sort: 1 }),
    qaNode({
      id: 10,
      kind: 'question',
      market,
      parentId: 1,
      titleEn: 'How much can I borrow?',
      titleId: 'Berapa yang bisa saya pinjam?',
      sort: 0,
    }),
    qaNode({
      id: 11,
      kind: 'question',
      market,
      parentId: 1,
      titleEn: 'When is it paid out?',
      titleId: 'Kapan dicairkan?',
      sort: 3,
    }),
    qaNode({
      id: 12,
      kind: 'question',
      market,
      parentId: 2,
      titleEn: 'Talk to a person',
      titleId: 'Bicara dengan petugas',
      actionType: 4,
    }),
    qaNode({
      id: 20,
      kind: 'answer',
      market,
      parentId: 10,
      titleEn: 'Up to ₹50,000.',
      titleId: 'Hingga ₹50.000.',
    }),
    qaNode({
      id: 21,
      kind: 'answer',
      market,
      parentId: 11,
      titleEn: 'Old answer.',
      titleId: 'Jawaban lama.',
      active: false,
    }),
  ];
}

function network(items: (market: string) => QaNode[] = (m) => tree(m as 'IN' | 'ID')) {
  return stubFetch({
    [`GET ${ADMIN_PATHS.qa}`]: (call) => ok({ items: items(call.query.get('market') ?? '') }),
    [`POST ${ADMIN_PATHS.qa}`]: (call) => ok({ ...call.body, id: 99 }),
    [`PUT ${ADMIN_PATHS.qaNode(10)}`]: (call) => ok({ ...call.body, id: 10 }),
    [`DELETE ${ADMIN_PATHS.qaNode(12)}`]: () => ok(null),
  });
}

describe('ChatbotPage', () => {
  it('shows categories, questions and answers with both languages side by side', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.chatbot);
    const tree = await screen.findByRole('list', { name: 'Chatbot content for India' });
    expect(net.callsTo(ADMIN_PATHS.qa)[0]!.query.get('market')).toBe('IN');
    const categories = within(tree)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(categories).toEqual(['Loans', 'Other']);
    const question = within(tree).getByRole('heading', { level: 3, name: 'How much can I borrow?' });
    expect(question.closest('.admin-qa-view')!.textContent).toContain('Berapa yang bisa saya pinjam?');
    expect(screen.getByText('Up to ₹50,000.')).toBeTruthy();
    expect(screen.getByText('Hingga ₹50.000.')).toBeTruthy();
    expect(screen.getByText('Tab label: Loan')).toBeTruthy();
    // The hand-over question is marked as such; the inactive answer too.
    const handOver = within(tree)
      .getByRole('heading', { level: 3, name: 'Talk to a person' })
      .closest('.admin-qa-view')!;
    expect(handOver.textContent).toContain('Hands over to a human');
    expect(question.closest('.admin-qa-view')!.textContent).not.toContain('Hands over to a human');
    expect(screen.getByText('Old answer.').closest('.admin-qa-view')!.textContent).toContain('Inactive');
  });

  it('posts a new question under a category, with the CSRF token', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.chatbot);
    await user.click(await screen.findByRole('button', { name: 'Add a question to “Loans”' }));
    const form = screen.getByRole('form', { name: 'New question' });
    // Typing can start at once.
    expect(document.activeElement).toBe(within(form).getByRole('textbox', { name: 'English' }));
    // Both languages side by side, each required.
    await user.type(within(form).getByRole('textbox', { name: 'English' }), 'Can I repay early?');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(within(form).getByRole('alert').textContent).toBe('Please fill in both languages.');
    // The empty one is marked, points at the message, and has the focus.
    const indonesian = within(form).getByRole('textbox', { name: 'Bahasa Indonesia' });
    expect(indonesian.getAttribute('aria-invalid')).toBe('true');
    expect(indonesian.getAttribute('aria-describedby')).toBe(within(form).getByRole('alert').id);
    expect(document.activeElement).toBe(indonesian);
    expect(net.callsTo(ADMIN_PATHS.qa, 'POST')).toHaveLength(0);
    await user.type(
      within(form).getByRole('textbox', { name: 'Bahasa Indonesia' }),
      'Bisakah saya melunasi lebih awal?',
    );
    await user.click(
      within(form).getByRole('radio', { name: 'Hand over to a human (opens the complaint form)' }),
    );
    await user.click(within(form).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.qa, 'POST')).toHaveLength(1));
    const post = net.callsTo(ADMIN_PATHS.qa, 'POST')[0]!;
    expect(post.body).toEqual({
      market: 'IN',
      parentId: 1,
      kind: 'question',
      titleEn: 'Can I repay early?',
      titleId: 'Bisakah saya melunasi lebih awal?',
      aliasEn: null,
      aliasId: null,
      icon: null,
      actionType: 4,
      // After the category's last question (sort 3).
      sort: 4,
      active: true,
    });
    expect(post.headers[CSRF_HEADER]).toBe(CSRF);
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New question' })).toBeNull());
    expect(toasts).toEqual(['Saved.']);
    // The tree is loaded again to show the new question.
    expect(net.callsTo(ADMIN_PATHS.qa, 'GET')).toHaveLength(2);
  });

  it('adds a category with its icon and tab labels', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.chatbot);
    await screen.findByRole('list', { name: 'Chatbot content for India' });
    await user.click(screen.getByRole('button', { name: 'Add category' }));
    const form = screen.getByRole('form', { name: 'New category' });
    const [en, id] = within(form).getAllByRole('textbox') as [HTMLElement, HTMLElement];
    await user.type(en, 'Account');
    await user.type(id, 'Akun');
    await user.type(within(form).getAllByRole('textbox', { name: 'English' })[1]!, 'Acct');
    await user.click(within(form).getByRole('radio', { name: 'Account' }));
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.qa, 'POST')).toHaveLength(1));
    expect(net.callsTo(ADMIN_PATHS.qa, 'POST')[0]!.body).toMatchObject({
      parentId: 0,
      kind: 'category',
      titleEn: 'Account',
      titleId: 'Akun',
      aliasEn: 'Acct',
      aliasId: null,
      icon: 'account',
      sort: 2,
    });
  });

  it('edits with PUT and deactivates with DELETE after asking', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.chatbot);
    await user.click(await screen.findByRole('button', { name: 'Edit “How much can I borrow?”' }));
    const form = screen.getByRole('form', { name: 'Edit question' });
    const en = within(form).getByRole('textbox', { name: 'English' });
    await user.clear(en);
    await user.type(en, 'How much may I borrow?');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.qaNode(10), 'PUT')).toHaveLength(1));
    const put = net.callsTo(ADMIN_PATHS.qaNode(10), 'PUT')[0]!;
    expect(put.body).toMatchObject({
      kind: 'question',
      parentId: 1,
      titleEn: 'How much may I borrow?',
      active: true,
    });
    expect(put.headers[CSRF_HEADER]).toBe(CSRF);

    await user.click(screen.getByRole('button', { name: 'Deactivate “Talk to a person”' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('Borrowers will no longer see it');
    // The dialog is still fading in (pointer-events off while it animates): click it directly.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    await waitFor(() => expect(net.callsTo(ADMIN_PATHS.qaNode(12), 'DELETE')).toHaveLength(1));
    expect(net.callsTo(ADMIN_PATHS.qaNode(12), 'DELETE')[0]!.headers[CSRF_HEADER]).toBe(CSRF);
  });

  it('switches market', async () => {
    const net = network();
    const user = userEvent.setup();
    renderAt(routes, ADMIN_ROUTES.chatbot);
    await screen.findByRole('list', { name: 'Chatbot content for India' });
    await user.click(screen.getByRole('radio', { name: 'Indonesia' }));
    expect(await screen.findByRole('list', { name: 'Chatbot content for Indonesia' })).toBeTruthy();
    expect(net.callsTo(ADMIN_PATHS.qa, 'GET').map((c) => c.query.get('market'))).toEqual(['IN', 'ID']);
  });

  it('is for administrators only', async () => {
    const net = network();
    renderAt(routes, ADMIN_ROUTES.chatbot, { session: agentSession() });
    expect(await screen.findByText('Only administrators can open this page.')).toBeTruthy();
    expect(net.calls).toHaveLength(0);
  });
});
