import { useQuery } from '@tanstack/react-query';
import { Tabs } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { COMPLAINT_STATUSES, type ComplaintStatus } from '../../../shared/contract/constants.ts';
import { formatDateTime } from '../../../shared/domain/time.ts';
import { isLang } from '../../../shared/markets.ts';
import { H5_PATHS } from '../../../shared/routes.ts';
import { sessionLang, sessionMarket } from '../../lib/session-params.ts';
import { PageEmpty, PageError, PageLoading } from '../../ui/page-state.tsx';
import { complaintKeys, fetchProblemList } from './complaint-api.ts';
import './complaint-list-page.css';

function isStatus(value: string | null): value is ComplaintStatus {
  return (COMPLAINT_STATUSES as readonly (string | null)[]).includes(value);
}

/**
 * The borrower's complaints in two tabs (spec §2). The open tab is kept in the address (`tab`), so
 * coming back from a complaint's details lands on the same tab.
 */
export function ComplaintListPage() {
  const { t, i18n } = useTranslation('complaints');
  const lang = isLang(i18n.language) ? i18n.language : sessionLang();
  const market = sessionMarket();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const active: ComplaintStatus = isStatus(tabParam) ? tabParam : 'processing';
  const list = useQuery({ queryKey: complaintKeys.list, queryFn: fetchProblemList });
  const title = t('screens.list.title');

  let body: ReactNode;
  if (list.isPending) {
    body = <PageLoading />;
  } else if (list.isError) {
    body = <PageError message={list.error.message} onRetry={() => void list.refetch()} />;
  } else {
    const tabs = list.data.tabs;
    body = (
      <Tabs
        activeKey={active}
        onChange={(key) =>
          setParams(
            (prev) => {
              const next = new URLSearchParams(prev);
              next.set('tab', key);
              return next;
            },
            { replace: true },
          )
        }
        className="complaint-list-tabs"
      >
        {COMPLAINT_STATUSES.map((status) => {
          const items = tabs.find((tab) => tab.status === status)?.list ?? [];
          return (
            <Tabs.Tab key={status} title={`${t(`screens.list.tabs.${status}`)} (${items.length})`}>
              {items.length === 0 ? (
                <PageEmpty text={t(`screens.list.empty.${status}`)}>
                  <Link className="shell-button complaint-list-new" to={H5_PATHS.complaint}>
                    {t('screens.list.newComplaint')}
                  </Link>
                </PageEmpty>
              ) : (
                <ul className="complaint-list-items">
                  {items.map((item) => (
                    <li key={item.id}>
                      <Link
                        className="complaint-list-item"
                        to={`${H5_PATHS.complaintDetails}?${new URLSearchParams({ problemId: String(item.id) })}`}
                      >
                        <span className="complaint-list-item-head">
                          <span className="complaint-list-item-type">{item.type}</span>
                          {item.isScore === 1 ? (
                            <span className="complaint-list-rate">{t('screens.list.rate')}</span>
                          ) : null}
                        </span>
                        <span className="complaint-list-item-content">{item.content}</span>
                        <time className="complaint-list-item-time" dateTime={item.time}>
                          {formatDateTime(item.time, lang, market)}
                        </time>
                      </Link>
                    </li>
                  ))}
                </ul>
              )}
            </Tabs.Tab>
          );
        })}
      </Tabs>
    );
  }

  return (
    <main className="shell-page complaint-list">
      <title>{title}</title>
      <h1>{title}</h1>
      {body}
    </main>
  );
}
