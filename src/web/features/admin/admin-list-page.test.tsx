import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ApiFailure } from '../../lib/api-query.ts';
import { setupAntdMobile } from '../../ui/antd-setup.ts';
import { AdminListPage, type PagedList, pageParam } from './admin-list-page.tsx';
import { renderAt } from './admin-test-kit.tsx';
import { SelectField, useUrlFilters } from './admin-ui.tsx';

beforeAll(() => setupAntdMobile('en'));

type Fetch = (colour: string, page: number) => Promise<PagedList<string>>;

/** What the list's query asks; each test puts its own answer here. */
let fetchRows: Fetch = async () => pageOf([]);

/** A list of a single filter (colour) and pages of 2, as a back-office page uses the shared one. */
function Colours() {
  const { params, setFilter } = useUrlFilters();
  const colour = params.get('colour') ?? '';
  const page = pageParam(params);
  const list = useQuery({
    queryKey: ['colours', colour, page],
    queryFn: () => fetchRows(colour, page),
    placeholderData: keepPreviousData,
  });
  const location = useLocation();
  return (
    <>
      <AdminListPage
        title="Colours"
        appTitle="Back office"
        list={list}
        emptyText="No colours match."
        totalText={(count) => `${count} colours`}
        filters={
          <SelectField
            label="Colour"
            value={colour}
            choices={[
              { value: '', label: 'Any' },
              { value: 'red', label: 'Red' },
            ]}
            onChange={(v) => setFilter('colour', v)}
          />
        }
      >
        {(items) => (
          <ul aria-label="Rows">
            {items.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        )}
      </AdminListPage>
      <p data-testid="address">{`${location.pathname}${location.search}`}</p>
    </>
  );
}

function listRoutes(answer: Fetch) {
  fetchRows = answer;
  return [{ path: '/colours', Component: Colours }];
}

function pageOf(items: string[], page = 1, total = items.length): PagedList<string> {
  return {
    items,
    page,
    pageSize: 2,
    total,
  };
}

const address = () => screen.getByTestId('address').textContent;

describe('AdminListPage', () => {
  it('keeps the filters and the page in the address, so a reload shows the same list', async () => {
    const rows = vi.fn<Fetch>(async (colour, page) =>
      pageOf(colour === 'red' ? [`red ${page * 2 - 1}`, `red ${page * 2}`] : ['any'], page, 5),
    );
    const user = userEvent.setup();
    renderAt(listRoutes(rows), '/colours?page=2');
    expect(await screen.findByText('any')).toBeTruthy();
    expect(rows).toHaveBeenLastCalledWith('', 2);

    // A filter change starts again at page 1, in the address.
    await user.selectOptions(screen.getByLabelText('Colour'), 'red');
    expect(await screen.findByText('red 1')).toBeTruthy();
    expect(address()).toBe('/colours?colour=red');

    // Next page: the page joins the filter in the address.
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByText('red 3')).toBeTruthy();
    expect(address()).toBe('/colours?colour=red&page=2');
    expect(screen.getByText('Page 2 of 3')).toBeTruthy();
    expect(screen.getByText('5 colours')).toBeTruthy();

    // A reload is the same address opened afresh: the same filter and page, the control showing it.
    const reloaded = address()!;
    cleanup();
    rows.mockClear();
    renderAt(listRoutes(rows), reloaded);
    expect(await screen.findByText('red 3')).toBeTruthy();
    expect(rows).toHaveBeenCalledWith('red', 2);
    expect((screen.getByLabelText('Colour') as HTMLSelectElement).value).toBe('red');

    // Back to the first page: no page in the address at all.
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    expect(await screen.findByText('red 1')).toBeTruthy();
    expect(address()).toBe('/colours?colour=red');
  });

  it('says when nothing matches, with the filters still there to change', async () => {
    renderAt(
      listRoutes(async () => pageOf([])),
      '/colours?colour=red',
    );
    expect(await screen.findByText('No colours match.')).toBeTruthy();
    expect(document.querySelector('search[aria-label="Filters"]')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Rows' })).toBeNull();
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('shows a failed load with its message and a retry that loads the list', async () => {
    let calls = 0;
    const user = userEvent.setup();
    renderAt(
      listRoutes(async () => {
        calls += 1;
        if (calls === 1) throw new ApiFailure({ ok: false, code: 500, data: null, message: 'Server down.' });
        return pageOf(['blue']);
      }),
      '/colours',
    );
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Server down.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('blue')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('titles the tab and the page, in Indonesian too', async () => {
    renderAt(
      listRoutes(async () => pageOf(['a', 'b'], 1, 3)),
      '/colours',
      { lang: 'id' },
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Colours' })).toBeTruthy();
    expect(document.querySelector('title')?.textContent).toBe('Colours · Back office');
    // The shared paging and filter copy in the page's language.
    expect(await screen.findByRole('button', { name: 'Halaman berikutnya' })).toBeTruthy();
    expect(document.querySelector('search[aria-label="Filter"]')).toBeTruthy();
  });
});
