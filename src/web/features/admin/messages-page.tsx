import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { isMarket, type Market } from '../../../shared/markets.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import {
  adminKeys,
  type ContactMessage,
  fetchMessages,
  type MessageFilters,
  markHandled,
  useStaffSession,
} from './admin-api.ts';
import { AdminListPage, pageParam } from './admin-list-page.tsx';
import { marketChoices, SelectField, Time, useUrlFilters } from './admin-ui.tsx';
import './admin.css';

/** `handled` in the address: absent means the messages still to answer; `all` shows both. */
const ALL = 'all';

function readFilters(params: URLSearchParams, markets: readonly Market[]): MessageFilters {
  const market = params.get('market')?.toUpperCase();
  const handled = params.get('handled');
  return {
    market:
      isMarket(market) && markets.includes(market) ? market : markets.length === 1 ? markets[0] : undefined,
    handled: handled === ALL ? undefined : handled === '1' ? '1' : '0',
    page: pageParam(params),
  };
}

/** Messages sent with the public site's contact form (product brief §5: stored, answered from here). */
export function MessagesPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStaffSession();
  const { params, setFilter } = useUrlFilters();
  const filters = readFilters(params, staff.markets);
  const messages = useQuery({
    queryKey: adminKeys.messagesPage(filters),
    queryFn: () => fetchMessages(filters),
    placeholderData: keepPreviousData,
  });
  const title = t('messages.title');
  return (
    <AdminListPage
      title={title}
      appTitle={t('app.title')}
      list={messages}
      emptyText={t('messages.empty')}
      totalText={(count) => t('messages.total', { count })}
      filters={
        <>
          <SelectField
            label={t('filters.market')}
            value={filters.market ?? ''}
            choices={marketChoices(staff.markets, t)}
            onChange={(v) => setFilter('market', v)}
            disabled={staff.markets.length === 1}
          />
          <SelectField
            label={t('messages.show')}
            value={filters.handled ?? ALL}
            choices={[
              { value: '0', label: t('messages.unhandled') },
              { value: '1', label: t('messages.handled') },
              { value: ALL, label: t('messages.all') },
            ]}
            onChange={(v) => setFilter('handled', v === '0' ? '' : v)}
          />
        </>
      }
    >
      {(items) => (
        <ul className="admin-messages">
          {items.map((m) => (
            <MessageCard key={m.id} message={m} />
          ))}
        </ul>
      )}
    </AdminListPage>
  );
}

function MessageCard({ message: m }: { message: ContactMessage }) {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const headingId = useId();
  // A failure is the request helper's toast; the button comes back for another try.
  const handle = useApiMutation({
    call: () => markHandled(m.id, session.csrfToken),
    invalidates: [adminKeys.messages],
    onSuccess: () => toast.show(t('messages.markedHandled')),
  });

  return (
    <li>
      <article className="admin-card admin-message" aria-labelledby={headingId}>
        <div className="admin-message-head">
          {/* Every field here was typed by a visitor: React text nodes only. */}
          <h2 id={headingId} className="admin-message-name">
            {m.name}
          </h2>
          <span className="admin-muted">
            {t(`markets.${m.market}`)} · <Time iso={m.createdAt} market={m.market} />
          </span>
        </div>
        <dl className="admin-facts admin-facts-inline">
          <div className="admin-fact">
            <dt>{t('messages.phone')}</dt>
            <dd>{m.telephone}</dd>
          </div>
          <div className="admin-fact">
            <dt>{t('messages.email')}</dt>
            <dd>{m.email || '—'}</dd>
          </div>
        </dl>
        <p className="admin-user-text admin-quote">{m.suggestion}</p>
        <div className="admin-actions">
          {m.handledAt ? (
            <span className="admin-badge admin-badge-processed">
              {t('messages.handledAt')} <Time iso={m.handledAt} market={m.market} />
            </span>
          ) : (
            <button
              type="button"
              className="admin-button admin-button-primary"
              onClick={() => handle.mutate()}
              disabled={handle.isPending}
              aria-label={t('messages.markHandledNamed', { name: m.name })}
            >
              {t('messages.markHandled')}
            </button>
          )}
        </div>
      </article>
    </li>
  );
}
