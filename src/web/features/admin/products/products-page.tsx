import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { AdminProduct } from '../../../../shared/contract/admin.ts';
import { formatMoney } from '../../../../shared/domain/money.ts';
import { dailyRateText } from '../../../../shared/domain/product.ts';
import { isMarket, type Market } from '../../../../shared/markets.ts';
import { useApiMutation } from '../../../lib/api-mutation.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { confirmDialog } from '../../../ui/overlays.tsx';
import { PageEmpty, PageError, PageLoading } from '../../../ui/page-state.tsx';
import { useStaffSession } from '../admin-api.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { Cell, ConfirmSwitch, MarketRadios, useLang } from '../admin-ui.tsx';
import { fetchProducts, productKeys, setProductEnabled } from './products-api.ts';
import '../admin.css';

/**
 * The loan products of a market: what each lends, for how long, at what daily interest, and whether
 * borrowers are offered it. Administrators switch a product on and off here (the server refuses to offer
 * one without terms within the market's caps, and says why); agents see the list only.
 */
export function ProductsPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStaffSession();
  const [params, setParams] = useSearchParams();
  const asked = params.get('market')?.toUpperCase();
  const market: Market =
    isMarket(asked) && staff.markets.includes(asked) ? asked : (staff.markets[0] ?? 'IN');
  const isAdmin = staff.role === 'admin';
  const products = useQuery({ queryKey: productKeys.list(market), queryFn: () => fetchProducts(market) });
  const headingId = useId();
  const title = t('products.title');

  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${t('app.title')}`}</title>
      <h1 id={headingId}>{title}</h1>
      <p className="admin-muted">{t('products.intro')}</p>
      <div className="admin-qa-toolbar">
        {staff.markets.length > 1 ? (
          <MarketRadios
            legend={t('products.market')}
            name="products-market"
            markets={staff.markets}
            value={market}
            onChange={(m) => setParams({ market: m })}
          />
        ) : null}
        {isAdmin ? (
          <Link
            className="admin-button admin-button-primary admin-link-button"
            to={ADMIN_ROUTES.newProduct(market)}
          >
            {t('products.add')}
          </Link>
        ) : (
          <p className="admin-muted">{t('products.readOnly')}</p>
        )}
      </div>

      {products.isPending ? (
        <PageLoading />
      ) : products.isError ? (
        <PageError message={products.error.message} onRetry={() => void products.refetch()} />
      ) : products.data.length === 0 ? (
        <PageEmpty text={t('products.empty')} />
      ) : (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table-cards">
            <caption className="visually-hidden">
              {t('products.listLabel', { market: t(`markets.${market}`) })}
            </caption>
            <thead>
              <tr>
                <th scope="col">{t('products.columns.name')}</th>
                <th scope="col">{t('products.columns.amounts')}</th>
                <th scope="col">{t('products.columns.terms')}</th>
                <th scope="col">{t('products.columns.interest')}</th>
                <th scope="col">{t('products.columns.sort')}</th>
                <th scope="col">{t('products.columns.quota')}</th>
                <th scope="col">{t('products.columns.offered')}</th>
              </tr>
            </thead>
            <tbody>
              {products.data.map((p) => (
                <ProductRow key={p.id} product={p} canChange={isAdmin} />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function ProductRow({ product: p, canChange }: { product: AdminProduct; canChange: boolean }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const terms = p.terms;
  // A refusal is toasted with the server's words (no terms, terms over the market's caps).
  const toggle = useApiMutation({
    call: (enabled: boolean) => setProductEnabled(p.id, enabled, session.csrfToken),
    invalidates: [productKeys.list(p.market)],
    onSuccess: (saved: AdminProduct, enabled) => {
      toast.show(t(enabled ? 'products.nowOffered' : 'products.nowWithdrawn'));
      queryClient.setQueryData(productKeys.one(p.id), saved);
    },
  });

  const offer = async (enabled: boolean) => {
    if (toggle.isPending) return;
    if (!enabled) {
      const sure = await confirmDialog({
        content: t('products.withdrawConfirm', { name: p.name }),
        confirmText: t('products.withdraw'),
        cancelText: t('products.cancel'),
      });
      if (!sure) return;
    }
    toggle.mutate(enabled);
  };

  return (
    <tr>
      <Cell header label={t('products.columns.name')}>
        <Link
          className="admin-row-link"
          to={ADMIN_ROUTES.product(p.id)}
          aria-label={t('products.open', { name: p.name })}
        >
          {p.name}
        </Link>
        <code className="admin-muted admin-block">{p.code}</code>
      </Cell>
      <Cell label={t('products.columns.amounts')}>
        {terms ? (
          t('products.amountRange', {
            min: formatMoney(terms.amountMin, p.market),
            max: formatMoney(terms.amountMax, p.market),
          })
        ) : (
          <span className="admin-badge admin-badge-inactive">{t('products.noTerms')}</span>
        )}
      </Cell>
      <Cell label={t('products.columns.terms')}>
        {terms ? (
          <>
            {t('products.days', { days: terms.termDays.join(', ') })}
            <span className="admin-muted admin-block">
              {t('products.termsVersion', { version: p.termsVersion })}
            </span>
          </>
        ) : (
          '—'
        )}
      </Cell>
      <Cell label={t('products.columns.interest')} className="admin-nowrap">
        {terms ? dailyRateText(terms.dailyInterestPpm, lang) : '—'}
      </Cell>
      <Cell label={t('products.columns.sort')}>{p.sort}</Cell>
      <Cell label={t('products.columns.quota')}>
        {p.dailyQuota === null ? t('products.noQuota') : t('products.quota', { count: p.dailyQuota })}
      </Cell>
      <Cell label={t('products.columns.offered')}>
        <ConfirmSwitch
          checked={p.enabled}
          disabled={toggle.isPending || !canChange}
          label={t('products.offeredNamed', { name: p.name })}
          onAsk={(wish) => void offer(wish)}
        >
          {t('products.offered')}
        </ConfirmSwitch>
      </Cell>
    </tr>
  );
}
