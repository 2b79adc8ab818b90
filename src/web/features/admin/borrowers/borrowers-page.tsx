import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { useStaffSession } from '../admin-api.ts';
import { FieldFoot } from '../admin-form.tsx';
import { AdminListPage, AdminTable } from '../admin-list-page.tsx';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { Time, useUrlFilters } from '../admin-ui.tsx';
import { borrowersKeys, searchBorrowers } from './borrowers-api.ts';
import '../admin.css';

/**
 * Finding a borrower (decision 068): by the whole phone number in any written form, a borrower number or
 * an order number, in the operator's markets; the search is kept in the address.
 */
export function BorrowersPage() {
  const { t } = useTranslation('borrowersAdmin');
  const { t: tAdmin } = useTranslation('admin');
  useStaffSession();
  const { params, setFilter } = useUrlFilters();
  const q = params.get('q')?.trim() ?? '';
  const [typed, setTyped] = useState(q);
  const [missing, setMissing] = useState(false);
  const found = useQuery({
    queryKey: borrowersKeys.search(q),
    queryFn: () => searchBorrowers(q),
    enabled: q !== '',
    placeholderData: keepPreviousData,
  });
  const inputId = useId();
  const title = t('search.title');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = typed.trim();
    setMissing(value === '');
    if (value) setFilter('q', value);
  };

  const form = (
    <form className="admin-search-form" onSubmit={submit} noValidate>
      <div className="admin-field">
        <label htmlFor={inputId}>{t('search.label')}</label>
        <input
          id={inputId}
          type="search"
          inputMode="text"
          autoComplete="off"
          maxLength={40}
          value={typed}
          onChange={(e) => setTyped(e.target.value)}
          aria-invalid={missing || undefined}
          aria-describedby={`${inputId}-hint${missing ? ` ${inputId}-error` : ''}`}
        />
        <FieldFoot
          id={inputId}
          hint={t('search.hint')}
          error={missing ? { message: t('search.missing') } : undefined}
        />
      </div>
      <button type="submit" className="admin-button admin-button-primary">
        {t('search.submit')}
      </button>
    </form>
  );

  if (!q)
    return (
      <section className="admin-page">
        <title>{`${title} · ${tAdmin('app.title')}`}</title>
        <h1>{title}</h1>
        <search className="admin-filters" aria-label={tAdmin('filters.label')}>
          {form}
        </search>
        <p className="admin-muted">{t('search.prompt')}</p>
      </section>
    );

  return (
    <AdminListPage
      title={title}
      appTitle={tAdmin('app.title')}
      list={found}
      emptyText={t('search.empty', { q })}
      filters={form}
    >
      {(items) => (
        <AdminTable
          caption={title}
          rows={items}
          rowKey={(b) => b.id}
          columns={[
            {
              label: t('columns.id'),
              header: true,
              cell: (b) => (
                <Link
                  className="admin-row-link"
                  to={ADMIN_ROUTES.borrower(b.id)}
                  aria-label={t('search.open', { id: b.id })}
                >
                  #{b.id}
                </Link>
              ),
            },
            { label: t('columns.market'), cell: (b) => tAdmin(`markets.${b.market}`) },
            { label: t('columns.name'), cell: (b) => <span className="admin-user-text">{b.name}</span> },
            { label: t('columns.phone'), className: 'admin-nowrap', cell: (b) => b.phone },
            {
              label: t('columns.since'),
              className: 'admin-nowrap',
              cell: (b) => <Time iso={b.since} market={b.market} />,
            },
            { label: t('columns.status'), cell: (b) => (b.closed ? t('closed') : t('active')) },
          ]}
        />
      )}
    </AdminListPage>
  );
}
