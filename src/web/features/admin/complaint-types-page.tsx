import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { ComplaintTypeBody, ComplaintTypeNode } from '../../../shared/contract/admin.ts';
import type { Lang, Market } from '../../../shared/markets.ts';
import { toast } from '../../lib/toast.ts';
import { useTranslation } from '../../lib/use-translation.tsx';
import { confirmDialog } from '../../ui/overlays.tsx';
import { PageEmpty, PageError, PageLoading } from '../../ui/page-state.tsx';
import { adminKeys, fetchComplaintTypes, saveComplaintType, useStaffSession } from './admin-api.ts';
import { AdminOnly, ConfirmSwitch, MarketRadios, useLang } from './admin-ui.tsx';
import './admin.css';

/** The server's limits (contract `complaintTypeBody`): used to point a refusal at its field. */
const TITLE_MAX = 60;
const SORT_MAX = 10_000;

type Field = 'titleEn' | 'titleId' | 'sort';

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
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
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
    setBusy(true);
    const { titleEn, titleId, sort } = node;
    const result = await saveComplaintType(node.id, { titleEn, titleId, sort, active }, session.csrfToken);
    // A refusal was toasted with the server's words; the switch stays as it was.
    if (result.ok) {
      toast.show(t(active ? 'complaintTypes.activated' : 'complaintTypes.deactivated'));
      await queryClient.invalidateQueries({ queryKey: adminKeys.complaintTypes(node.market) });
    }
    setBusy(false);
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

interface Failure {
  message: string;
  /** The fields the refusal is about; none when it is about the whole form (a lost connection…). */
  fields: Field[];
}

/** Which of the sent values break the contract's rules: the server says what is wrong, not where. */
function fieldsAt(body: ComplaintTypeBody): Field[] {
  const fields: Field[] = [];
  for (const key of ['titleEn', 'titleId'] as const) {
    if (!body[key] || body[key].length > TITLE_MAX) fields.push(key);
  }
  if (!Number.isInteger(body.sort) || body.sort < 0 || body.sort > SORT_MAX) fields.push('sort');
  return fields;
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
  const [values, setValues] = useState<Record<Field, string>>({
    titleEn: node.titleEn,
    titleId: node.titleId,
    sort: String(node.sort),
  });
  const [active, setActive] = useState(node.active);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);
  const savingNow = useRef(false);
  const form = useRef<HTMLFormElement>(null);
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

  useEffect(() => {
    // The editor opens where the operator clicked; typing can start at once.
    form.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);

  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    // Once the field is changed its message no longer applies; the others' still do.
    setFailure((f) => {
      if (!f?.fields.includes(field)) return f;
      const fields = f.fields.filter((x) => x !== field);
      return fields.length ? { ...f, fields } : null;
    });
  };

  /** Shows a refusal; one about a field takes the operator there, where it is the field's description. */
  const fail = (next: Failure) => {
    flushSync(() => setFailure(next));
    const first = next.fields[0];
    if (first) document.getElementById(ids[first])?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (savingNow.current) return;
    const sortText = values.sort.trim();
    const sort = Number(sortText);
    if (!/^\d+$/.test(sortText) || sort > SORT_MAX) {
      // Not a number at all cannot be sent as one; the server's rule, said here.
      fail({ message: t('complaintTypes.sortInvalid'), fields: ['sort'] });
      return;
    }
    const body: ComplaintTypeBody = {
      titleEn: values.titleEn.trim(),
      titleId: values.titleId.trim(),
      sort,
      active,
    };
    setFailure(null);
    savingNow.current = true;
    setSaving(true);
    const result = await saveComplaintType(node.id, body, session.csrfToken, true);
    savingNow.current = false;
    setSaving(false);
    if (!result.ok) {
      // Shown here, next to what it is about; the form keeps what was typed.
      fail({ message: result.message, fields: fieldsAt(body) });
      return;
    }
    toast.show(t('complaintTypes.saved'));
    await queryClient.invalidateQueries({ queryKey: adminKeys.complaintTypes(node.market) });
    onClose();
  };

  const fieldError = (field: Field) =>
    failure?.fields.includes(field) ? (
      <p id={`${ids[field]}-error`} className="admin-field-error">
        {failure.message}
      </p>
    ) : null;
  const invalid = (field: Field) =>
    failure?.fields.includes(field)
      ? { 'aria-invalid': true as const, 'aria-describedby': `${ids[field]}-error` }
      : {};
  const formError = failure && failure.fields.length === 0 ? failure.message : '';

  return (
    <form ref={form} className="admin-qa-editor" onSubmit={submit} noValidate aria-labelledby={ids.heading}>
      <h3 id={ids.heading} className="admin-qa-editor-title">
        {t(sub ? 'complaintTypes.editSubType' : 'complaintTypes.editType', { title: name })}
      </h3>
      <fieldset className="admin-bilingual-fields">
        <legend>{t('complaintTypes.titleLegend')}</legend>
        {titleFields.map((f) => (
          <div key={f.field} className="admin-field">
            <label htmlFor={ids[f.field]}>{f.label}</label>
            <input
              id={ids[f.field]}
              lang={f.lang}
              value={values[f.field]}
              maxLength={TITLE_MAX}
              onChange={(e) => change(f.field, e.target.value)}
              {...invalid(f.field)}
            />
            {fieldError(f.field)}
          </div>
        ))}
      </fieldset>
      <div className="admin-qa-editor-row">
        <div className="admin-field admin-field-narrow">
          <label htmlFor={ids.sort}>{t('complaintTypes.sort')}</label>
          <input
            id={ids.sort}
            type="number"
            inputMode="numeric"
            min={0}
            max={SORT_MAX}
            value={values.sort}
            onChange={(e) => change('sort', e.target.value)}
            {...invalid('sort')}
          />
          {fieldError('sort')}
        </div>
        <div className="admin-check">
          <input
            id={ids.active}
            type="checkbox"
            checked={active}
            onChange={(e) => setActive(e.target.checked)}
          />
          <label htmlFor={ids.active}>{t('complaintTypes.activeField')}</label>
        </div>
      </div>
      <div id={ids.error} className="admin-form-error" role="alert">
        {formError}
      </div>
      <div className="admin-actions">
        <button type="submit" className="admin-button admin-button-primary" disabled={saving}>
          {saving ? t('complaintTypes.saving') : t('complaintTypes.save')}
        </button>
        <button type="button" className="admin-button" onClick={onClose} disabled={saving}>
          {t('complaintTypes.cancel')}
        </button>
      </div>
    </form>
  );
}
