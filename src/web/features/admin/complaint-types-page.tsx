import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { type ComplaintTypeNode, complaintTypeBody } from '../../../shared/contract/admin.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import { useApiMutation } from '../../lib/api-mutation.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { confirmDialog } from '../../ui/overlays.tsx';
import { PageEmpty, PageError, PageLoading } from '../../ui/page-state.tsx';
import { adminKeys, fetchComplaintTypes, saveComplaintType, useStaffSession } from './admin-api.ts';
import { copyKey, Field, FormAlert, formResolver, SERVER } from './admin-form.tsx';
import { AdminOnly, ConfirmSwitch, MarketRadios, useLang } from './admin-ui.tsx';
import './admin.css';

/** The contract's limits (`complaintTypeBody`), also set on the inputs. */
const TITLE_MAX = 60;
const SORT_MAX = 10_000;

const sortInvalid = copyKey('admin:complaintTypes.sortInvalid');
/** The editor's form: the contract's own fields, the order typed as text. */
const typeForm = z
  .object({
    titleEn: complaintTypeBody.shape.titleEn,
    titleId: complaintTypeBody.shape.titleId,
    sort: z
      .string()
      .trim()
      .regex(/^\d{1,5}$/, sortInvalid)
      .transform(Number)
      .pipe(z.number().max(SORT_MAX, sortInvalid)),
    active: complaintTypeBody.shape.active,
  })
  // Held to the contract's whole schema too, as the server will.
  .transform((d): z.input<typeof complaintTypeBody> => d)
  .pipe(complaintTypeBody);
type TypeFormValues = z.input<typeof typeForm>;

function bySort(a: ComplaintTypeNode, b: ComplaintTypeNode) {
  return a.sort - b.sort || a.value - b.value;
}

/** The title in the operator's language (the other one when it is blank). */
function nameOf(node: ComplaintTypeNode, lang: Lang): string {
  return (lang === 'id' ? node.titleId : node.titleEn) || node.titleEn || node.titleId;
}

/**
 * The complaint types borrowers pick from, per market: the top-level types in order, the collection
 * type's sub-types under it. Titles in both languages, order and on/off can change; the value cannot
 * (saved complaints refer to it).
 */
export function ComplaintTypesPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStaffSession();
  const title = t('complaintTypes.title');
  if (staff.role !== 'admin') return <AdminOnly title={title} />;
  return <ComplaintTypesEditor markets={staff.markets} title={title} />;
}

function ComplaintTypesEditor({ markets, title }: { markets: Market[]; title: string }) {
  const { t } = useTranslation('admin');
  const [market, setMarket] = useState<Market>(markets[0] ?? 'IN');
  const [editingId, setEditingId] = useState<number | null>(null);
  const types = useQuery({
    queryKey: adminKeys.complaintTypes(market),
    queryFn: () => fetchComplaintTypes(market),
  });

  const items = types.data ?? [];
  const topValues = new Set(items.filter((n) => n.parentValue === null).map((n) => n.value));
  // A sub-type whose type is gone is still listed (at the top level), so it can be found and edited.
  const tops = items.filter((n) => n.parentValue === null || !topValues.has(n.parentValue)).sort(bySort);
  const subTypesOf = (node: ComplaintTypeNode) =>
    node.parentValue === null ? items.filter((n) => n.parentValue === node.value).sort(bySort) : [];

  const renderNode = (node: ComplaintTypeNode, parent: ComplaintTypeNode | null) => {
    const subTypes = subTypesOf(node);
    return (
      <TypeItem
        key={node.id}
        node={node}
        parent={parent}
        hasSubTypes={subTypes.length > 0}
        editing={editingId === node.id}
        onEdit={() => setEditingId(node.id)}
        onClose={() => setEditingId(null)}
      >
        {subTypes.map((sub) => renderNode(sub, node))}
      </TypeItem>
    );
  };

  return (
    <section className="admin-page">
      <title>{`${title} · ${t('app.title')}`}</title>
      <h1>{title}</h1>
      <p className="admin-muted">{t('complaintTypes.intro')}</p>
      {markets.length > 1 ? (
        <div className="admin-qa-toolbar">
          <MarketRadios
            legend={t('complaintTypes.market')}
            name="complaint-types-market"
            markets={markets}
            value={market}
            onChange={(m) => {
              setMarket(m);
              setEditingId(null);
            }}
          />
        </div>
      ) : null}

      {types.isPending ? (
        <PageLoading />
      ) : types.isError ? (
        <PageError message={types.error.message} onRetry={() => void types.refetch()} />
      ) : tops.length ? (
        <ul
          className="admin-qa-tree admin-ct-tree"
          aria-label={t('complaintTypes.listLabel', { market: t(`markets.${market}`) })}
        >
          {tops.map((node) => renderNode(node, null))}
        </ul>
      ) : (
        <PageEmpty text={t('complaintTypes.empty')} />
      )}
    </section>
  );
}

function TypeItem({
  node,
  parent,
  hasSubTypes,
  editing,
  onEdit,
  onClose,
  children,
}: {
  node: ComplaintTypeNode;
  parent: ComplaintTypeNode | null;
  hasSubTypes: boolean;
  editing: boolean;
  onEdit: () => void;
  onClose: () => void;
  children: ReactNode[];
}) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const session = useStaffSession();
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(editing);
  const name = nameOf(node, lang);
  const Heading = parent ? 'h3' : 'h2';
  const languages: { lang: Lang; label: string; title: string }[] = [
    { lang: 'en', label: t('complaintTypes.english'), title: node.titleEn },
    { lang: 'id', label: t('complaintTypes.indonesian'), title: node.titleId },
  ];
  // The operator's language first; it names the row.
  if (lang === 'id') languages.reverse();

  useEffect(() => {
    // Back where the operator started when the editor closes (saved or cancelled).
    if (wasEditing.current && !editing) editButton.current?.focus();
    wasEditing.current = editing;
  }, [editing]);

  // Not silent: a refusal is toasted with the server's words, and the switch stays as it was.
  const toggle = useApiMutation({
    call: (active: boolean) => {
      const { titleEn, titleId, sort } = node;
      return saveComplaintType(node.id, { titleEn, titleId, sort, active }, session.csrfToken);
    },
    invalidates: [adminKeys.complaintTypes(node.market)],
    onSuccess: (_saved, active) =>
      toast.show(t(active ? 'complaintTypes.activated' : 'complaintTypes.deactivated')),
  });
  const busy = toggle.isPending;

  const setActive = async (active: boolean) => {
    if (!active) {
      const sure = await confirmDialog({
        content: t(
          hasSubTypes ? 'complaintTypes.deactivateConfirmParent' : 'complaintTypes.deactivateConfirm',
          { title: name },
        ),
        confirmText: t('complaintTypes.deactivate'),
        cancelText: t('complaintTypes.cancel'),
      });
      if (!sure) return;
    }
    toggle.mutate(active);
  };

  const parentInactive = parent !== null && !parent.active;
  return (
    <li
      className={`admin-qa-node ${parent ? 'admin-ct-sub' : 'admin-ct-top'}${node.active ? '' : ' admin-qa-inactive'}`}
    >
      <div className="admin-qa-view admin-ct-view">
        <div className="admin-qa-meta">
          <span className="admin-badge admin-badge-kind">
            {t('complaintTypes.value', { value: node.value })}
          </span>
          {node.active ? null : (
            <span className="admin-badge admin-badge-inactive">{t('complaintTypes.inactive')}</span>
          )}
          {node.active && parentInactive ? (
            <span className="admin-badge admin-badge-inactive">{t('complaintTypes.parentInactive')}</span>
          ) : null}
          <span className="admin-muted admin-small">{t('complaintTypes.sortShown', { n: node.sort })}</span>
        </div>
        <div className="admin-bilingual">
          {languages.map((l, i) => {
            const Title = i === 0 ? Heading : 'p';
            return (
              <div key={l.lang} lang={l.lang}>
                <span className="admin-lang-tag">{l.label}</span>
                <Title className="admin-qa-title">{l.title}</Title>
              </div>
            );
          })}
        </div>
        <div className="admin-qa-actions">
          <ConfirmSwitch
            checked={node.active}
            disabled={busy || editing}
            label={t('complaintTypes.activeNamed', { title: name })}
            onAsk={(wish) => void setActive(wish)}
          >
            {t('complaintTypes.active')}
          </ConfirmSwitch>
          <button
            ref={editButton}
            type="button"
            className="admin-button"
            onClick={onEdit}
            disabled={busy}
            aria-expanded={editing}
            aria-label={t('complaintTypes.editNamed', { title: name })}
          >
            {t('complaintTypes.edit')}
          </button>
        </div>
      </div>
      {editing ? <TypeEditor node={node} name={name} sub={parent !== null} onClose={onClose} /> : null}
      {children.length ? (
        <ul className="admin-qa-children" aria-label={t('complaintTypes.subTypesLabel', { title: name })}>
          {children}
        </ul>
      ) : null}
    </li>
  );
}

function TypeEditor({
  node,
  name,
  sub,
  onClose,
}: {
  node: ComplaintTypeNode;
  name: string;
  sub: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const { register, handleSubmit, setError, setFocus, formState } = useForm<
    TypeFormValues,
    unknown,
    z.output<typeof typeForm>
  >({
    defaultValues: {
      titleEn: node.titleEn,
      titleId: node.titleId,
      sort: String(node.sort),
      active: node.active,
    },
    resolver: formResolver(typeForm),
  });
  const errors = formState.errors;
  const ids = {
    heading: useId(),
    titleEn: useId(),
    titleId: useId(),
    sort: useId(),
    active: useId(),
    error: useId(),
  };
  const titleFields: { field: 'titleEn' | 'titleId'; lang: Lang; label: string }[] = [
    { field: 'titleEn', lang: 'en', label: t('complaintTypes.english') },
    { field: 'titleId', lang: 'id', label: t('complaintTypes.indonesian') },
  ];
  if (lang === 'id') titleFields.reverse();
  const first = titleFields[0]!.field;

  useEffect(() => {
    // The editor opens where the operator clicked; typing can start at once.
    setFocus(first);
  }, [setFocus, first]);

  // Silent: a refusal is shown here, above the buttons; the form keeps what was typed.
  const save = useApiMutation({
    call: (body: z.output<typeof typeForm>) => saveComplaintType(node.id, body, session.csrfToken, true),
    onSuccess: async () => {
      toast.show(t('complaintTypes.saved'));
      // By hand, not `invalidates`: the editor closes once the list under it has the saved titles.
      await queryClient.invalidateQueries({ queryKey: adminKeys.complaintTypes(node.market) });
      onClose();
    },
    onError: (error) => setError('root.server', { type: SERVER, message: error.message }),
  });

  return (
    <form
      className="admin-qa-editor"
      onSubmit={handleSubmit((body) => save.mutate(body))}
      noValidate
      aria-labelledby={ids.heading}
    >
      <h3 id={ids.heading} className="admin-qa-editor-title">
        {t(sub ? 'complaintTypes.editSubType' : 'complaintTypes.editType', { title: name })}
      </h3>
      <fieldset className="admin-bilingual-fields">
        <legend>{t('complaintTypes.titleLegend')}</legend>
        {titleFields.map((f) => (
          <Field
            key={f.field}
            id={ids[f.field]}
            label={f.label}
            lang={f.lang}
            maxLength={TITLE_MAX}
            registration={register(f.field)}
            error={errors[f.field]}
          />
        ))}
      </fieldset>
      <div className="admin-qa-editor-row">
        <Field
          className="admin-field admin-field-narrow"
          id={ids.sort}
          label={t('complaintTypes.sort')}
          type="number"
          inputMode="numeric"
          min={0}
          max={SORT_MAX}
          registration={register('sort')}
          error={errors.sort}
        />
        <div className="admin-check">
          <input id={ids.active} type="checkbox" {...register('active')} />
          <label htmlFor={ids.active}>{t('complaintTypes.activeField')}</label>
        </div>
      </div>
      <FormAlert id={ids.error} text={errors.root?.server?.message ?? ''} />
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button-primary" disabled={save.isPending}>
          {save.isPending ? t('complaintTypes.saving') : t('complaintTypes.save')}
        </button>
        <button type="button" className="admin-button" onClick={onClose} disabled={save.isPending}>
          {t('complaintTypes.cancel')}
        </button>
      </div>
    </form>
  );
}
