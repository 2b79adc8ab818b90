import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { Link } from 'react-router';
import type { AdminTemplate } from '../../../../shared/contract/channels-admin-schema.ts';
import { isMarket, type Market } from '../../../../shared/markets.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { PageEmpty, PageError, PageLoading } from '../../../ui/page-state.tsx';
import { useStaffSession } from '../admin-api.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { Cell, marketChoices, SelectField, Time, useUrlFilters } from '../admin-ui.tsx';
import { LiveSwitch, PublicLink } from './channel-parts.tsx';
import { channelKeys, fetchTemplates, type ListFilters } from './channels-api.ts';
import '../admin.css';
import './channels.css';

/**
 * The promotion channels' landing templates of the operator's markets, newest first: each with its
 * headline, its public link to open or copy, and whether its page is live. Administrators add templates
 * and switch pages here; agents see the list and the funnels. Filters live in the address bar, so the
 * way back from a template keeps them.
 */
export function ChannelsPage() {
  const { t } = useTranslation('channelsAdmin');
  const { t: ta } = useTranslation('admin');
  const { staff } = useStaffSession();
  const { params, setFilter } = useUrlFilters();
  const asked = params.get('market')?.toUpperCase();
  // One market only: there is no "all" to choose, so the list is that market's.
  const market: Market | '' =
    isMarket(asked) && staff.markets.includes(asked)
      ? asked
      : staff.markets.length === 1
        ? staff.markets[0]!
        : '';
  const state = params.get('enabled');
  const filters: ListFilters = { market, enabled: state === '0' || state === '1' ? state : '' };
  const isAdmin = staff.role === 'admin';
  const list = useQuery({ queryKey: channelKeys.list(filters), queryFn: () => fetchTemplates(filters) });
  const headingId = useId();
  const title = t('list.title');
  const funnelMarkets = market ? [market] : staff.markets;

  return (
    <section className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${ta('app.title')}`}</title>
      <h1 id={headingId}>{title}</h1>
      <p className="admin-muted">{t('list.intro')}</p>
      <div className="admin-filters">
        {staff.markets.length > 1 ? (
          <SelectField
            label={t('list.market')}
            value={market}
            choices={marketChoices(staff.markets, ta)}
            onChange={(v) => setFilter('market', v)}
          />
        ) : null}
        <SelectField
          label={t('list.state')}
          value={filters.enabled}
          choices={[
            { value: '', label: t('list.states.all') },
            { value: '1', label: t('list.states.on') },
            { value: '0', label: t('list.states.off') },
          ]}
          onChange={(v) => setFilter('enabled', v)}
        />
      </div>
      <div className="admin-qa-toolbar">
        {isAdmin ? (
          <Link
            className="admin-button admin-button-primary admin-link-button"
            to={ADMIN_ROUTES.newChannel(market || undefined)}
          >
            {t('list.add')}
          </Link>
        ) : (
          <p className="admin-muted">{t('list.readOnly')}</p>
        )}
        {funnelMarkets.map((m) => (
          <Link key={m} className="admin-button admin-link-button" to={ADMIN_ROUTES.channelsFunnel(m)}>
            {t('list.funnel', { market: ta(`markets.${m}`) })}
          </Link>
        ))}
      </div>

      {list.isPending ? (
        <PageLoading />
      ) : list.isError ? (
        <PageError message={list.error.message} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <PageEmpty text={t('list.empty')} />
      ) : (
        <>
          <div className="admin-table-wrap">
            <table className="admin-table admin-table-cards">
              <caption className="visually-hidden">{t('list.listLabel')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('list.columns.name')}</th>
                  <th scope="col">{t('list.columns.market')}</th>
                  <th scope="col">{t('list.columns.headline')}</th>
                  <th scope="col">{t('list.columns.link')}</th>
                  <th scope="col">{t('list.columns.live')}</th>
                  <th scope="col">{t('list.columns.updated')}</th>
                </tr>
              </thead>
              <tbody>
                {list.data.items.map((item) => (
                  <TemplateRow key={item.id} template={item} canChange={isAdmin} />
                ))}
              </tbody>
            </table>
          </div>
          {list.data.more ? (
            <p className="admin-muted">{t('list.more', { count: list.data.items.length })}</p>
          ) : null}
        </>
      )}
    </section>
  );
}

function TemplateRow({ template: tpl, canChange }: { template: AdminTemplate; canChange: boolean }) {
  const { t } = useTranslation('channelsAdmin');
  const { t: ta } = useTranslation('admin');
  return (
    <tr>
      <Cell header label={t('list.columns.name')}>
        <Link
          className="admin-row-link"
          to={ADMIN_ROUTES.channel(tpl.id)}
          aria-label={t('list.open', { name: tpl.name })}
        >
          {tpl.name}
        </Link>
        <span className="admin-muted admin-block">{tpl.appName}</span>
      </Cell>
      <Cell label={t('list.columns.market')}>{ta(`markets.${tpl.market}`)}</Cell>
      <Cell label={t('list.columns.headline')} className="admin-excerpt">
        {tpl.headline}
      </Cell>
      <Cell label={t('list.columns.link')}>
        <PublicLink template={tpl} />
      </Cell>
      <Cell label={t('list.columns.live')}>
        <LiveSwitch template={tpl} canChange={canChange} />
      </Cell>
      <Cell label={t('list.columns.updated')}>
        <Time iso={tpl.updatedAt} market={tpl.market} />
        <span className="admin-muted admin-block admin-small">
          {t('list.created')}: <Time iso={tpl.createdAt} market={tpl.market} />
        </span>
      </Cell>
    </tr>
  );
}
