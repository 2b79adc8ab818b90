import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { isMarket, type Market } from '../../../../shared/markets.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { useStaffSession } from '../admin-api.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { FunnelPanel } from './funnel-panel.tsx';
import '../admin.css';
import './channels.css';

/** The funnel of all of a market's templates together (`?market=`, one of the operator's markets). */
export function MarketFunnelPage() {
  const { t } = useTranslation('channelsAdmin');
  const { t: ta } = useTranslation('admin');
  const { staff } = useStaffSession();
  const [params] = useSearchParams();
  const asked = params.get('market')?.toUpperCase();
  const market: Market =
    isMarket(asked) && staff.markets.includes(asked) ? asked : (staff.markets[0] ?? 'IN');
  const headingId = useId();
  const title = t('funnel.marketTitle', { market: ta(`markets.${market}`) });
  return (
    <article className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${ta('app.title')}`}</title>
      <p>
        <Link to={`${ADMIN_ROUTES.channels}?market=${market}`}>{t('editor.back')}</Link>
      </p>
      <h1 id={headingId}>{title}</h1>
      {/* Keyed by market: another market's page starts with its own range and inputs. */}
      <FunnelPanel key={market} market={market} />
    </article>
  );
}
