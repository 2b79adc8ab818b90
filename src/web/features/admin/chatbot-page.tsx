import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type QaNode, qaNodeBody } from '../../../shared/contract/admin.ts';
import { ACTION_HAND_OVER, QA_ICONS } from '../../../shared/contract/constants.ts';
import type { Market } from '../../../shared/markets.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { confirmDialog } from '../../ui/overlays.tsx';
import { PageEmpty, PageError, PageLoading } from '../../ui/page-state.tsx';
import { adminKeys, deactivateQa, fetchQa, saveQa, useStaffSession } from './admin-api.ts';
import { copyKey, FormAlert, fieldAria, formResolver, SERVER, useErrorText } from './admin-form.tsx';
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
  // Not silent: a refusal is toasted with the server's words.
  const deactivation = useApiMutation({
    call: () => deactivateQa(node.id, session.csrfToken),
    invalidates: [adminKeys.qa(node.market)],
    onSuccess: () => toast.show(t('chatbot.deactivated')),
  });
  const name = (lang === 'id' ? node.titleId : node.titleEn) || node.titleEn;
  const short = name.length > 60 ? `${name.slice(0, 60)}…` : name;
  const Heading = node.kind === 'category' ? 'h2' : node.kind === 'question' ? 'h3' : 'p';

  const deactivate = async () => {
    const sure = await confirmDialog({
      content: t('chatbot.deactivateConfirm', { title: short }),
      confirmText: t('chatbot.deactivate'),
      cancelText: t('chatbot.cancel'),
    });
    if (sure) deactivation.mutate();
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
            disabled={deactivation.isPending}
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

const titlesRequired = copyKey('admin:chatbot.titlesRequired');
const sortInvalid = copyKey('admin:chatbot.sortInvalid');

/** What the editor holds, as typed (radios and the order as text). */
interface QaFormValues {
  titleEn: string;
  titleId: string;
  aliasEn: string;
  aliasId: string;
  icon: Icon;
  actionType: string;
  sort: string;
  active: boolean;
}

/**
 * The editor's form → the contract's `qaNodeBody`, with what the editor does not change (market, parent,
 * kind) fixed, and held to the contract's schema as the server will.
 */
function qaForm(fixed: { market: Market; parentId: number; kind: Kind; actionType: number }) {
  const { kind } = fixed;
  return z
    .object({
      titleEn: z.string().trim().min(1, titlesRequired),
      titleId: z.string().trim().min(1, titlesRequired),
      aliasEn: z.string().trim(),
      aliasId: z.string().trim(),
      icon: z.enum(QA_ICONS),
      actionType: z.string().transform(Number),
      sort: z
        .string()
        .trim()
        .regex(/^\d{1,5}$/, sortInvalid)
        .transform(Number)
        .pipe(z.number().max(10_000, sortInvalid)),
      active: z.boolean(),
    })
    .transform(
      (d): z.input<typeof qaNodeBody> => ({
        market: fixed.market,
        parentId: fixed.parentId,
        kind,
        titleEn: d.titleEn,
        titleId: d.titleId,
        aliasEn: kind === 'category' ? d.aliasEn || null : null,
        aliasId: kind === 'category' ? d.aliasId || null : null,
        icon: kind === 'category' ? d.icon : null,
        // Only questions act; other kinds keep what they had.
        actionType: kind === 'question' ? d.actionType : fixed.actionType,
        sort: d.sort,
        active: d.active,
      }),
    )
    .pipe(qaNodeBody);
}
type QaBody = z.output<ReturnType<typeof qaForm>>;

function QaEditor({ market, editing, onClose }: { market: Market; editing: Editing; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const errorText = useErrorText();
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const node = editing.mode === 'edit' ? editing.node : null;
  const kind = editing.mode === 'edit' ? editing.node.kind : editing.kind;
  const [schema] = useState(() =>
    qaForm({
      market,
      parentId: node ? node.parentId : editing.mode === 'create' ? editing.parentId : 0,
      kind,
      actionType: node?.actionType ?? 0,
    }),
  );
  const { register, handleSubmit, setFocus, watch, formState } = useForm<QaFormValues, unknown, QaBody>({
    defaultValues: {
      titleEn: node?.titleEn ?? '',
      titleId: node?.titleId ?? '',
      aliasEn: node?.aliasEn ?? '',
      aliasId: node?.aliasId ?? '',
      icon: isIcon(node?.icon ?? null) ? (node!.icon as Icon) : 'other',
      actionType: String(node?.actionType ?? 0),
      sort: String(node?.sort ?? (editing.mode === 'create' ? editing.sort : 0)),
      active: node?.active ?? true,
    },
    resolver: formResolver(schema),
  });
  const errors = formState.errors;
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
  const actionType = Number(watch('actionType'));
  const actionChoices = [
    0,
    ACTION_HAND_OVER,
    ...(actionType !== 0 && actionType !== ACTION_HAND_OVER ? [actionType] : []),
  ];

  useEffect(() => {
    // The editor opens where the operator clicked; typing can start at once, and a screen reader
    // hears the form it is now in.
    setFocus('titleEn');
  }, [setFocus]);

  // Not silent: a refusal is toasted with the server's words; the form stays as typed.
  const save = useApiMutation({
    call: (body: QaBody) => saveQa(body, session.csrfToken, node?.id),
    onSuccess: async () => {
      toast.show(t('chatbot.saved'));
      // By hand, not `invalidates`: the editor closes once the tree under it has the saved node.
      await queryClient.invalidateQueries({ queryKey: adminKeys.qa(market) });
      onClose();
    },
  });

  /** One message for the form, above its buttons; the fields it is about point at it. */
  const message = errorText(errors.titleEn ?? errors.titleId ?? errors.sort);
  const marked = (field: 'titleEn' | 'titleId' | 'sort') =>
    fieldAria(ids[field], errors[field] && { type: SERVER }, { formErrorId: ids.error });
  const title = (field: 'titleEn' | 'titleId', lang: 'en' | 'id') => {
    const props = { id: ids[field], lang, maxLength: 1000, ...register(field), ...marked(field) };
    return kind === 'answer' ? <textarea rows={5} {...props} /> : <input {...props} />;
  };

  return (
    <form
      className="admin-qa-editor"
      onSubmit={handleSubmit((body) => save.mutate(body))}
      noValidate
      aria-labelledby={ids.heading}
    >
      <h3 id={ids.heading} className="admin-qa-editor-title">
        {heading}
      </h3>
      <fieldset className="admin-bilingual-fields">
        <legend>{t(`chatbot.textLegend.${kind}`)}</legend>
        <div className="admin-field">
          <label htmlFor={ids.titleEn}>{t('chatbot.english')}</label>
          {title('titleEn', 'en')}
        </div>
        <div className="admin-field">
          <label htmlFor={ids.titleId}>{t('chatbot.indonesian')}</label>
          {title('titleId', 'id')}
        </div>
      </fieldset>

      {kind === 'category' ? (
        <>
          <fieldset className="admin-bilingual-fields">
            <legend>{t('chatbot.aliasLegend')}</legend>
            <div className="admin-field">
              <label htmlFor={ids.aliasEn}>{t('chatbot.english')}</label>
              <input id={ids.aliasEn} lang="en" maxLength={30} {...register('aliasEn')} />
            </div>
            <div className="admin-field">
              <label htmlFor={ids.aliasId}>{t('chatbot.indonesian')}</label>
              <input id={ids.aliasId} lang="id" maxLength={30} {...register('aliasId')} />
            </div>
          </fieldset>
          <fieldset className="admin-radios admin-icons">
            <legend>{t('chatbot.icon')}</legend>
            {QA_ICONS.map((name) => (
              <label key={name} className="admin-radio admin-icon-choice">
                <input type="radio" value={name} {...register('icon')} />
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
              <input type="radio" value={String(value)} {...register('actionType')} />
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
            {...register('sort')}
            {...marked('sort')}
          />
        </div>
        {node ? (
          <div className="admin-check">
            <input id={ids.active} type="checkbox" {...register('active')} />
            <label htmlFor={ids.active}>{t('chatbot.active')}</label>
          </div>
        ) : null}
      </div>

      <FormAlert id={ids.error} text={message} />
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button-primary" disabled={save.isPending}>
          {save.isPending ? t('chatbot.saving') : t('chatbot.save')}
        </button>
        <button type="button" className="admin-button" onClick={onClose} disabled={save.isPending}>
          {t('chatbot.cancel')}
        </button>
      </div>
    </form>
  );
}
