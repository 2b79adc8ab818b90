import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useId } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminBorrower, AdminStep } from '../../../../shared/contract/admin-borrowers.ts';
import { orders as orderCopy } from '../../../../shared/i18n/orders.ts';
import type { Market } from '../../../../shared/markets.ts';
import { isNotFound } from '../../../lib/api-query.ts';
import { addCopy } from '../../../lib/i18n.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { PageError, PageLoading } from '../../../ui/page-state.tsx';
import { isOtherMarket } from '../admin-api.ts';
import { AdminTable } from '../admin-list-page.tsx';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { Time } from '../admin-ui.tsx';
import { borrowersKeys, fetchBorrower } from './borrowers-api.ts';
import { Revealable } from './reveal.tsx';
import '../admin.css';

// Orders are named by their status words, as on the order page.
addCopy({ orders: orderCopy });

/** One borrower as the back office sees them (decision 068): every number masked, one request. */
export function BorrowerPage() {
  const { t } = useTranslation('borrowersAdmin');
  const { t: tAdmin } = useTranslation('admin');
  const { id: idParam = '' } = useParams();
  const id = /^\d{1,10}$/.test(idParam) ? Number(idParam) : 0;
  const borrower = useQuery({
    queryKey: borrowersKeys.one(id),
    queryFn: () => fetchBorrower(id),
    enabled: id > 0,
  });
  const headingId = useId();
  const title = t('title', { id: idParam });
  const page = (body: ReactNode) => (
    <article className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${tAdmin('app.title')}`}</title>
      <p>
        <Link to={ADMIN_ROUTES.borrowers}>{t('back')}</Link>
      </p>
      <h1 id={headingId}>{title}</h1>
      {body}
    </article>
  );
  if (id === 0) return page(<p role="alert">{t('refusals.notFound')}</p>);
  if (borrower.isPending) return page(<PageLoading />);
  if (borrower.isError) {
    if (isOtherMarket(borrower.error) || isNotFound(borrower.error))
      return page(<p role="alert">{borrower.error.message}</p>);
    return page(<PageError message={borrower.error.message} onRetry={() => void borrower.refetch()} />);
  }
  return page(<BorrowerBody b={borrower.data} />);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="admin-section" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="admin-fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** A list of the view, or its empty sentence. */
function List<T>({
  rows,
  empty,
  children,
}: {
  rows: readonly T[];
  empty: string;
  children: () => ReactNode;
}) {
  return rows.length === 0 ? <p className="admin-muted">{empty}</p> : <>{children()}</>;
}

function BorrowerBody({ b }: { b: AdminBorrower }) {
  const { t } = useTranslation('borrowersAdmin');
  const { t: tAdmin } = useTranslation(['admin', 'orders', 'dataRightsAdmin']);
  const at = (iso: string | null) => (iso ? <Time iso={iso} market={b.market} /> : '—');
  return (
    <>
      <Section title={t('profile.title')}>
        <dl className="admin-facts">
          <Fact label={t('profile.name')}>
            <span className="admin-user-text">{b.name}</span>
          </Fact>
          <Fact label={t('profile.market')}>{tAdmin(`markets.${b.market}`)}</Fact>
          <Fact label={t('profile.phone')}>
            {b.closed ? (
              '—'
            ) : (
              <Revealable
                borrowerId={b.id}
                target={{ field: 'phone' }}
                masked={b.phone}
                what={t('reveal.what.phone')}
              />
            )}
          </Fact>
          <Fact label={t('profile.since')}>{at(b.since)}</Fact>
          <Fact label={t('profile.account')}>{b.closed ? t('closed') : t('active')}</Fact>
        </dl>
      </Section>

      <Section title={t('steps.title')}>
        <List rows={b.steps} empty={t('steps.empty')}>
          {() => b.steps.map((s) => <Step key={s.id} step={s} borrowerId={b.id} market={b.market} />)}
        </List>
      </Section>

      <Section title={t('accounts.title')}>
        <List rows={b.bankAccounts} empty={t('accounts.empty')}>
          {() => (
            <AdminTable
              caption={t('accounts.title')}
              rows={b.bankAccounts}
              rowKey={(a) => a.id}
              columns={[
                { label: t('accounts.bank'), header: true, cell: (a) => a.bankCode },
                {
                  // Not kept on one line: a revealed number with its countdown must wrap on a phone.
                  label: t('accounts.number'),
                  cell: (a) => (
                    <Revealable
                      borrowerId={b.id}
                      target={{ field: 'accountNumber', accountId: a.id }}
                      masked={a.accountMasked}
                      what={t('reveal.what.accountNumber', { account: a.accountMasked })}
                    />
                  ),
                },
                {
                  label: t('accounts.holder'),
                  cell: (a) => <span className="admin-user-text">{a.holderName}</span>,
                },
                {
                  label: t('accounts.status'),
                  cell: (a) => (
                    <>
                      {t(`accounts.statuses.${a.status}`)}
                      {a.reason ? (
                        <span className="admin-muted admin-block">{reasonLabel(t, a.reason)}</span>
                      ) : null}
                    </>
                  ),
                },
                { label: t('accounts.added'), className: 'admin-nowrap', cell: (a) => at(a.createdAt) },
              ]}
            />
          )}
        </List>
      </Section>

      <Section title={t('orders.title')}>
        <List rows={b.orders} empty={t('orders.empty')}>
          {() => (
            <AdminTable
              caption={t('orders.title')}
              rows={b.orders}
              rowKey={(o) => o.orderNo}
              columns={[
                {
                  label: t('orders.orderNo'),
                  header: true,
                  cell: (o) => <Link to={ADMIN_ROUTES.order(o.orderNo)}>{o.orderNo}</Link>,
                },
                {
                  label: t('orders.status'),
                  cell: (o) => tAdmin(`orders:status.${o.status}`, { defaultValue: String(o.status) }),
                },
                { label: t('orders.amount'), className: 'admin-nowrap', cell: (o) => o.amount },
                { label: t('orders.term'), cell: (o) => t('orders.days', { count: o.termDays }) },
                { label: t('orders.created'), className: 'admin-nowrap', cell: (o) => at(o.createdAt) },
                { label: t('orders.due'), className: 'admin-nowrap', cell: (o) => at(o.dueAt) },
              ]}
            />
          )}
        </List>
      </Section>

      <Section title={t('payments.title')}>
        <List rows={b.payments} empty={t('payments.empty')}>
          {() => (
            <AdminTable
              caption={t('payments.title')}
              rows={b.payments}
              rowKey={(p) => p.id}
              columns={[
                { label: t('payments.id'), header: true, cell: (p) => `#${p.id}` },
                { label: t('payments.orderNo'), cell: (p) => p.orderNo },
                { label: t('payments.amount'), className: 'admin-nowrap', cell: (p) => p.amount },
                { label: t('payments.state'), cell: (p) => p.state },
                { label: t('payments.paid'), className: 'admin-nowrap', cell: (p) => at(p.paidAt) },
              ]}
            />
          )}
        </List>
      </Section>

      <Section title={t('complaints.title')}>
        <List rows={b.complaints} empty={t('complaints.empty')}>
          {() => (
            <AdminTable
              caption={t('complaints.title')}
              rows={b.complaints}
              rowKey={(c) => c.id}
              columns={[
                {
                  label: t('complaints.id'),
                  header: true,
                  cell: (c) => <Link to={ADMIN_ROUTES.complaint(c.id)}>#{c.id}</Link>,
                },
                { label: t('complaints.orderNo'), cell: (c) => c.orderNo },
                {
                  label: t('complaints.status'),
                  cell: (c) => tAdmin(`admin:status.${c.status}`, { defaultValue: c.status }),
                },
                { label: t('complaints.created'), className: 'admin-nowrap', cell: (c) => at(c.createdAt) },
              ]}
            />
          )}
        </List>
      </Section>

      <Section title={t('rights.title')}>
        <List rows={b.rightsRequests} empty={t('rights.empty')}>
          {() => (
            <AdminTable
              caption={t('rights.title')}
              rows={b.rightsRequests}
              rowKey={(r) => r.id}
              columns={[
                {
                  label: t('rights.id'),
                  header: true,
                  cell: (r) => <Link to={ADMIN_ROUTES.dataRightsRequest(r.id)}>#{r.id}</Link>,
                },
                {
                  label: t('rights.kind'),
                  cell: (r) => tAdmin(`dataRightsAdmin:kinds.${r.kind}`, { defaultValue: r.kind }),
                },
                {
                  label: t('rights.status'),
                  cell: (r) => tAdmin(`dataRightsAdmin:statuses.${r.status}`, { defaultValue: r.status }),
                },
                { label: t('rights.created'), className: 'admin-nowrap', cell: (r) => at(r.createdAt) },
                { label: t('rights.deadline'), className: 'admin-nowrap', cell: (r) => at(r.deadlineAt) },
              ]}
            />
          )}
        </List>
      </Section>

      <Section title={t('consents.title')}>
        <List rows={b.consents} empty={t('consents.empty')}>
          {() => (
            <AdminTable
              caption={t('consents.title')}
              rows={b.consents}
              rowKey={(c) => `${c.purpose}-${c.at}`}
              columns={[
                {
                  label: t('consents.purpose'),
                  header: true,
                  cell: (c) => t(`consents.purposes.${c.purpose}`, { defaultValue: c.purpose }),
                },
                { label: t('consents.version'), cell: (c) => c.textVersion },
                {
                  label: t('consents.granted'),
                  cell: (c) => (c.granted ? t('consents.yes') : t('consents.no')),
                },
                { label: t('consents.at'), className: 'admin-nowrap', cell: (c) => at(c.at) },
              ]}
            />
          )}
        </List>
      </Section>
    </>
  );
}

type T = ReturnType<typeof useTranslation<'borrowersAdmin'>>['t'];

/** A check's or a reviewer's reason code, named in the operator's language (an unknown code as it is). */
function reasonLabel(t: T, code: string): string {
  return t(`queue.checkReasons.${code}`, {
    defaultValue: t(`reviewReasons:${code}`, { defaultValue: code }),
  });
}

/** What a step's masked values are ("pan", "contacts"), with the reveal where one is possible. */
function StepNumbers({ step, borrowerId }: { step: AdminStep; borrowerId: number }) {
  const { t } = useTranslation('borrowersAdmin');
  const entries = Object.entries(step.masked);
  if (entries.length === 0) return null;
  return (
    <ul className="admin-plain-list">
      {entries.flatMap(([key, value]) =>
        Array.isArray(value)
          ? value.map((v, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a contact's position is its identity (the reveal asks by it).
              <li key={`${key}-${i}`}>
                {t('steps.contact', { n: i + 1 })}:{' '}
                {step.step === 'extra' && key === 'contacts' ? (
                  <Revealable
                    borrowerId={borrowerId}
                    target={{ field: 'contactPhone', index: i }}
                    masked={v}
                    what={t('reveal.what.contactPhone', { n: i + 1 })}
                  />
                ) : (
                  v
                )}
              </li>
            ))
          : [
              <li key={key}>
                {key.toUpperCase()}:{' '}
                {step.step === 'base' ? (
                  <Revealable
                    borrowerId={borrowerId}
                    target={{ field: 'idNumber' }}
                    masked={value}
                    what={t('reveal.what.idNumber')}
                  />
                ) : (
                  value
                )}
              </li>,
            ],
      )}
    </ul>
  );
}

/** Plain values of a step's data (names, dates, codes); nested values as compact text. */
const shown = (v: unknown) =>
  typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);

function Step({ step, borrowerId, market }: { step: AdminStep; borrowerId: number; market: Market }) {
  const { t } = useTranslation('borrowersAdmin');
  const name = t(`steps.names.${step.step}`, { defaultValue: step.step });
  const data = Object.entries(step.data);
  return (
    <div className="admin-step">
      <h3>
        {name} ·{' '}
        <span className={`admin-badge admin-badge-step-${step.status}`}>
          {t(`steps.statuses.${step.status}`)}
        </span>
      </h3>
      <p className="admin-muted">
        {t('steps.version', { version: step.version })} <Time iso={step.updatedAt} market={market} />
      </p>
      <dl className="admin-facts">
        {step.reason ? <Fact label={t('steps.reason')}>{reasonLabel(t, step.reason)}</Fact> : null}
        {Object.keys(step.masked).length > 0 ? (
          <Fact label={t('steps.numbers')}>
            <StepNumbers step={step} borrowerId={borrowerId} />
          </Fact>
        ) : null}
        {data.length > 0 ? (
          <Fact label={t('steps.details')}>
            <ul className="admin-plain-list">
              {data.map(([k, v]) => (
                <li key={k}>
                  {k}: <span className="admin-user-text">{shown(v)}</span>
                </li>
              ))}
            </ul>
          </Fact>
        ) : null}
      </dl>
      {step.events.length === 0 ? (
        <p className="admin-muted">{t('steps.noHistory')}</p>
      ) : (
        <AdminTable
          caption={t('steps.history', { step: name })}
          rows={step.events}
          rowKey={(e) => `${e.at}-${e.status}-${e.actor}`}
          columns={[
            {
              label: t('steps.event.status'),
              header: true,
              cell: (e) => (
                <>
                  {t(`steps.statuses.${e.status}`, { defaultValue: e.status })}
                  {e.reason ? (
                    <span className="admin-muted admin-block">{reasonLabel(t, e.reason)}</span>
                  ) : null}
                </>
              ),
            },
            {
              label: t('steps.event.by'),
              cell: (e) => e.actorName ?? t(`steps.actors.${e.actor}`, { defaultValue: e.actor }),
            },
            { label: t('steps.event.detail'), cell: (e) => shown(e.detail) },
            {
              label: t('steps.event.at'),
              className: 'admin-nowrap',
              cell: (e) => <Time iso={e.at} market={market} />,
            },
          ]}
        />
      )}
    </div>
  );
}
