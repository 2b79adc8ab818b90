import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import type { QaNode, QaNodeBody } from '../../../shared/contract/admin.ts';
import { ACTION_HAND_OVER, QA_ICONS } from '../../../shared/contract/constants.ts';
import type { Market } from '../../../shared/markets.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { confirmDialog } from '../../ui/overlays.tsx';
import { PageEmpty, PageError, PageLoading } from '../../ui/page-state.tsx';
import { adminKeys, deactivateQa, fetchQa, saveQa, useStaffSession } from './admin-api.ts';
import { AdminOnly, MarketRadios, useLang } from './admin-ui.tsx';
import './admin.css';

type Kind = QaNode['kind'];
type Icon = (typeof QA_ICONS)[number];

type Editing =
  | { mode: 'create'; kind: Kind; parentId: number; sort: number }
  | { mode: 'edit'; node: QaNode };

const CHILD_KIND: Record<Kind, Kind | null> = { category: 'question', question: 'answer', answer: null };

function bySort(a: QaNode, b: QaNode) {
  return a.sort - b.sort || a.id - b.id;
}

/** Next free place at the end of a list of siblings. */
function nextSort(siblings: QaNode[]): number {
  return siblings.length ? Math.min(10_000, Math.max(...siblings.map((s) => s.sort)) + 1) : 0;
}

function isIcon(value: string | null): value is Icon {
  return (QA_ICONS as readonly string[]).includes(value ?? '');
}

/**
 * The chatbot's content per market: categories (tabs with an icon) → questions → answers, each in both
 * languages side by side, so a missing or stale translation shows at a glance.
 */
export function ChatbotPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStaffSession();
  const title = t('chatbot.title');
  if (staff.role !== 'admin') return <AdminOnly title={title} />;
  return <ChatbotEditor markets={staff.markets} title={title} />;
}

function ChatbotEditor({ markets, title }: { markets: Market[]; title: string }) {
  const { t } = useTranslation('admin');
  const [market, setMarket] = useState<Market>(markets[0] ?? 'IN');
  const [editing, setEditing] = useState<Editing | null>(null);
  const qa = useQuery({ queryKey: adminKeys.qa(market), queryFn: () => fetchQa(market) });

  const items = qa.data ?? [];
  const childrenOf = (parentId: number, kind: Kind) =>
    items.filter((n) => n.parentId === parentId && n.kind === kind).sort(bySort);
  const categories = childrenOf(0, 'category');

  const editorFor = (where: 'create' | 'edit', kind: Kind, key: number) =>
    editing &&
    ((where === 'edit' && editing.mode === 'edit' && editing.node.id === key) ||
      (where === 'create' &&
        editing.mode === 'create' &&
        editing.kind === kind &&
        editing.parentId === key)) ? (
      <QaEditor market={market} editing={editing} onClose={() => setEditing(null)} />
    ) : null;

  const startCreate = (kind: Kind, parentId: number) =>
    setEditing({ mode: 'create', kind, parentId, sort: nextSort(childrenOf(parentId, kind)) });

  const renderNode = (node: QaNode): ReactNode => {
    const childKind = CHILD_KIND[node.kind];
    const children = childKind ? childrenOf(node.id, childKind) : [];
    return (
      <li
        key={node.id}
        className={`admin-qa-node admin-qa-${node.kind}${node.active ? '' : ' admin-qa-inactive'}`}
      >
        <QaNodeView
          node={node}
          onEdit={() => setEditing({ mode: 'edit', node })}
          onAdd={childKind ? () => startCreate(childKind, node.id) : undefined}
        />
        {editorFor('edit', node.kind, node.id)}
        {children.length || (childKind && editorFor('create', childKind, node.id)) ? (
          <ul className="admin-qa-children">
            {children.map(renderNode)}
            {childKind && editorFor('create', childKind, node.id) ? (
              <li className="admin-qa-node">{editorFor('create', childKind, node.id)}</li>
            ) : null}
          </ul>
        ) : null}
      </li>
    );
  };

  return (
    <section className="admin-page">
      <title>{`${title} · ${t('app.title')}`}</title>
      <h1>{title}</h1>
      <p className="admin-muted">{t('chatbot.intro')}</p>
      <div className="admin-qa-toolbar">
        <MarketRadios
          legend={t('chatbot.market')}
          name="qa-market"
          markets={markets}
          value={market}
          onChange={(m) => {
            setMarket(m);
            setEditing(null);
          }}
        />
        <button
          type="button"
          className="admin-button admin-button-primary"
          onClick={() => startCreate('category', 0)}
        >
          {t('chatbot.addCategory')}
        </button>
      </div>

      {qa.isPending ? (
        <PageLoading />
      ) : qa.isError ? (
        <PageError message={qa.error.message} onRetry={() => void qa.refetch()} />
      ) : (
        <>
          {editorFor('create', 'category', 0)}
          {categories.length ? (
            <ul
              className="admin-qa-tree"
              aria-label={t('chatbot.treeLabel', { market: t(`markets.${market}`) })}
            >
              {categories.map(renderNode)}
            </ul>
          ) : (
            <PageEmpty text={t('chatbot.empty')} />
          )}
        </>
      )}
    </section>
  );
}

function IconGlyph({ icon }: { icon: Icon }) {
  const paths: Record<Icon, ReactNode> = {
    loan: (
      <>
        <rect x="3" y="6" width="18" height="12" rx="2" />
        <circle cx="12" cy="12" r="3" />
      </>
    ),
    repayment: (
      <>
        <rect x="4" y="5" width="16" height="15" rx="2" />
        <path d="M4 10h16M9 3v4M15 3v4" />
      </>
    ),
    account: (
      <>
        <circle cx="12" cy="8" r="4" />
        <path d="M4 21c0-4 4-6 8-6s8 2 8 6" />
      </>
    ),
    other: (
      <>
        <circle cx="12" cy="12" r="9" />
        <path d="M9.5 9.5a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .8-1 1.5V14M12 17.5v.5" />
      </>
    ),
  };
  return (
    <svg
      className="admin-qa-icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      {paths[icon]}
    </svg>
  );
}

function QaNodeView({ node, onEdit, onAdd }: { node: QaNode; onEdit: () => void; onAdd?: () => void }) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const name = (lang === 'id' ? node.titleId : node.titleEn) || node.titleEn;
  const short = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  const Heading = node.kind === 'category' ? 'h2' : node.kind === 'question' ? 'h3' : 'p';

  const deactivate = async () => {
    const sure = await confirmDialog({
      content: t('chatbot.deactivateConfirm', { title: short }),
      confirmText: t('chatbot.deactivate'),
      cancelText: t('chatbot.cancel'),
    });
    if (!sure) return;
    setBusy(true);
    const result = await deactivateQa(node.id, session.csrfToken);
    setBusy(false);
    if (!result.ok) return;
    toast.show(t('chatbot.deactivated'));
    await queryClient.invalidateQueries({ queryKey: adminKeys.qa(node.market) });
  };

  return (
    <div className="admin-qa-view">
      <div className="admin-qa-meta">
        {node.kind === 'category' && isIcon(node.icon) ? <IconGlyph icon={node.icon} /> : null}
        <span className="admin-badge admin-badge-kind">{t(`chatbot.kinds.${node.kind}`)}</span>
        {node.kind === 'question' && node.actionType === ACTION_HAND_OVER ? (
          <span className="admin-badge admin-badge-handover">{t('chatbot.handOver')}</span>
        ) : node.actionType !== 0 ? (
          <span className="admin-badge">{t('chatbot.actionType', { n: node.actionType })}</span>
        ) : null}
        {node.active ? null : (
          <span className="admin-badge admin-badge-inactive">{t('chatbot.inactive')}</span>
        )}
        <span className="admin-muted admin-small">{t('chatbot.sortShown', { n: node.sort })}</span>
      </div>
      <div className="admin-bilingual">
        <div lang="en">
          <span className="admin-lang-tag">{t('chatbot.english')}</span>
          <Heading className="admin-qa-title">{node.titleEn}</Heading>
          {node.kind === 'category' && node.aliasEn ? (
            <span className="admin-muted admin-small admin-block">
              {t('chatbot.aliasShown', { alias: node.aliasEn })}
            </span>
          ) : null}
        </div>
        <div lang="id">
          <span className="admin-lang-tag">{t('chatbot.indonesian')}</span>
          <p className="admin-qa-title">{node.titleId}</p>
          {node.kind === 'category' && node.aliasId ? (
            <span className="admin-muted admin-small admin-block">
              {t('chatbot.aliasShown', { alias: node.aliasId })}
            </span>
          ) : null}
        </div>
      </div>
      <div className="admin-qa-actions">
        <button
          type="button"
          className="admin-button"
          onClick={onEdit}
          aria-label={t('chatbot.editNamed', { title: short })}
        >
          {t('chatbot.edit')}
        </button>
        {node.active ? (
          <button
            type="button"
            className="admin-button admin-button-danger"
            onClick={() => void deactivate()}
            disabled={busy}
            aria-label={t('chatbot.deactivateNamed', { title: short })}
          >
            {t('chatbot.deactivate')}
          </button>
        ) : null}
        {onAdd ? (
          <button
            type="button"
            className="admin-button"
            onClick={onAdd}
            aria-label={t(node.kind === 'category' ? 'chatbot.addQuestionTo' : 'chatbot.addAnswerTo', {
              title: short,
            })}
          >
            {t(node.kind === 'category' ? 'chatbot.addQuestion' : 'chatbot.addAnswer')}
          </button>
        ) : null}
      </div>
    </div>
  );
}

/** One language's text of a node: a line for names and questions, a box for answers. */
function TitleField({
  id,
  lang,
  value,
  onChange,
  multiline,
  focusOnMount,
}: {
  id: string;
  lang: 'en' | 'id';
  value: string;
  onChange: (value: string) => void;
  multiline: boolean;
  focusOnMount?: boolean;
}) {
  const input = useRef<HTMLInputElement>(null);
  const area = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    // The editor opens where the operator clicked; typing can start at once, and a screen reader
    // hears the form it is now in.
    if (focusOnMount) (input.current ?? area.current)?.focus();
  }, [focusOnMount]);
  const common = { id, lang, value, maxLength: 1000 };
  return multiline ? (
    <textarea ref={area} rows={5} {...common} onChange={(e) => onChange(e.target.value)} />
  ) : (
    <input ref={input} {...common} onChange={(e) => onChange(e.target.value)} />
  );
}

function QaEditor({ market, editing, onClose }: { market: Market; editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const node = editing.mode === 'edit' ? editing.node : null;
  const kind = editing.mode === 'edit' ? editing.node.kind : editing.kind;
  const [titleEn, setTitleEn] = useState(node?.titleEn ?? '');
  const [titleId, setTitleId] = useState(node?.titleId ?? '');
  const [aliasEn, setAliasEn] = useState(node?.aliasEn ?? '');
  const [aliasId, setAliasId] = useState(node?.aliasId ?? '');
  const [icon, setIcon] = useState<Icon>(isIcon(node?.icon ?? null) ? (node!.icon as Icon) : 'other');
  const [actionType, setActionType] = useState(node?.actionType ?? 0);
  const [sort, setSort] = useState(String(node?.sort ?? (editing.mode === 'create' ? editing.sort : 0)));
  const [active, setActive] = useState(node?.active ?? true);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const savingNow = useRef(false);
  const ids = {
    heading: useId(),
    titleEn: useId(),
    titleId: useId(),
    aliasEn: useId(),
    aliasId: useId(),
    sort: useId(),
    active: useId(),
    error: useId(),
  };
  const heading = t(editing.mode === 'edit' ? `chatbot.editTitle.${kind}` : `chatbot.newTitle.${kind}`);
  const actionChoices = [
    0,
    ACTION_HAND_OVER,
    ...(actionType !== 0 && actionType !== ACTION_HAND_OVER ? [actionType] : []),
  ];

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (savingNow.current) return;
    const sortValue = Number(sort);
    if (!titleEn.trim() || !titleId.trim()) {
      setError(t('chatbot.titlesRequired'));
      return;
    }
    if (!Number.isInteger(sortValue) || sortValue < 0 || sortValue > 10_000) {
      setError(t('chatbot.sortInvalid'));
      return;
    }
    setError('');
    const body: QaNodeBody = {
      market,
      parentId: node ? node.parentId : editing.mode === 'create' ? editing.parentId : 0,
      kind,
      titleEn: titleEn.trim(),
      titleId: titleId.trim(),
      aliasEn: kind === 'category' ? aliasEn.trim() || null : null,
      aliasId: kind === 'category' ? aliasId.trim() || null : null,
      icon: kind === 'category' ? icon : null,
      // Only questions act; other kinds keep what they had.
      actionType: kind === 'question' ? actionType : (node?.actionType ?? 0),
      sort: sortValue,
      active,
    };
    savingNow.current = true;
    setSaving(true);
    const result = await saveQa(body, session.csrfToken, node?.id);
    savingNow.current = false;
    setSaving(false);
    // A refusal was toasted with the server's words; the form stays as typed.
    if (!result.ok) return;
    toast.show(t('chatbot.saved'));
    await queryClient.invalidateQueries({ queryKey: adminKeys.qa(market) });
    onClose();
  };

  return (
    <form className="admin-qa-editor" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="admin-qa-editor-title">
        {heading}
      </h3>
      <fieldset className="admin-bilingual-fields">
        <legend>{t(`chatbot.textLegend.${kind}`)}</legend>
        <div className="admin-field">
          <label htmlFor={ids.titleEn}>{t('chatbot.english')}</label>
          <TitleField
            id={ids.titleEn}
            lang="en"
            value={titleEn}
            onChange={setTitleEn}
            multiline={kind === 'answer'}
            focusOnMount
          />
        </div>
        <div className="admin-field">
          <label htmlFor={ids.titleId}>{t('chatbot.indonesian')}</label>
          <TitleField
            id={ids.titleId}
            lang="id"
            value={titleId}
            onChange={setTitleId}
            multiline={kind === 'answer'}
          />
        </div>
      </fieldset>

      {kind === 'category' ? (
        <>
          <fieldset className="admin-bilingual-fields">
            <legend>{t('chatbot.aliasLegend')}</legend>
            <div className="admin-field">
              <label htmlFor={ids.aliasEn}>{t('chatbot.english')}</label>
              <input
                id={ids.aliasEn}
                lang="en"
                value={aliasEn}
                maxLength={30}
                onChange={(e) => setAliasEn(e.target.value)}
              />
            </div>
            <div className="admin-field">
              <label htmlFor={ids.aliasId}>{t('chatbot.indonesian')}</label>
              <input
                id={ids.aliasId}
                lang="id"
                value={aliasId}
                maxLength={30}
                onChange={(e) => setAliasId(e.target.value)}
              />
            </div>
          </fieldset>
          <fieldset className="admin-radios admin-icons">
            <legend>{t('chatbot.icon')}</legend>
            {QA_ICONS.map((name) => (
              <label key={name} className="admin-radio admin-icon-choice">
                <input
                  type="radio"
                  name="qa-icon"
                  value={name}
                  checked={icon === name}
                  onChange={() => setIcon(name)}
                />
                <IconGlyph icon={name} />
                {t(`chatbot.icons.${name}`)}
              </label>
            ))}
          </fieldset>
        </>
      ) : null}

      {kind === 'question' ? (
        <fieldset className="admin-radios admin-radios-column">
          <legend>{t('chatbot.action')}</legend>
          {actionChoices.map((value) => (
            <label key={value} className="admin-radio">
              <input
                type="radio"
                name="qa-action"
                value={value}
                checked={actionType === value}
                onChange={() => setActionType(value)}
              />
              {value === 0
                ? t('chatbot.actionAnswer')
                : value === ACTION_HAND_OVER
                  ? t('chatbot.actionHandOver')
                  : t('chatbot.actionType', { n: value })}
            </label>
          ))}
        </fieldset>
      ) : null}

      <div className="admin-qa-editor-row">
        <div className="admin-field admin-field-narrow">
          <label htmlFor={ids.sort}>{t('chatbot.sort')}</label>
          <input
            id={ids.sort}
            type="number"
            inputMode="numeric"
            min={0}
            max={10_000}
            value={sort}
            onChange={(e) => setSort(e.target.value)}
          />
        </div>
        {node ? (
          <div className="admin-check">
            <input
              id={ids.active}
              type="checkbox"
              checked={active}
              onChange={(e) => setActive(e.target.checked)}
            />
            <label htmlFor={ids.active}>{t('chatbot.active')}</label>
          </div>
        ) : null}
      </div>

      <div id={ids.error} className="admin-form-error" role="alert">
        {error}
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button-primary" disabled={saving}>
          {saving ? t('chatbot.saving') : t('chatbot.save')}
        </button>
        <button type="button" className="admin-button" onClick={onClose} disabled={saving}>
          {t('chatbot.cancel')}
        </button>
      </div>
    </form>
  );
}
