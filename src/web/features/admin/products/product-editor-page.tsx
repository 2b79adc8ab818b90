import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import type { AdminProduct } from '../../../../shared/contract/admin.ts';
import { FEE_NAMES, type FeeName } from '../../../../shared/contract/constants.ts';
import { formatMoney } from '../../../../shared/domain/money.ts';
import { PRODUCT_BOUNDS, productProblems } from '../../../../shared/domain/product.ts';
import { isMarket, type Lang, type Market } from '../../../../shared/markets.ts';
import { toast } from '../../../lib/toast.ts';
import { useTranslation } from '../../../lib/use-translation.tsx';
import { PageError, PageLoading } from '../../../ui/page-state.tsx';
import { isFinalFailure, isOtherMarket, useStaffSession } from '../admin-api.ts';
import { ADMIN_ROUTES } from '../admin-paths.ts';
import { MarketRadios, useLang } from '../admin-ui.tsx';
import { ProductPreview } from './product-preview.tsx';
import { createProduct, fetchProduct, productKeys, updateProduct } from './products-api.ts';
import {
  type Draft,
  draftOf,
  type FeeDraft,
  FIELD_KEYS,
  type FieldError,
  type FieldKey,
  fieldsOf,
  MONEY_DECIMALS,
  newFee,
  newTier,
  parseMoney,
  readDraft,
  TAG_LENGTH_MAX,
  type TierDraft,
} from './terms-form.ts';
import '../admin.css';

function Frame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation('admin');
  const headingId = useId();
  return (
    <article className="admin-page" aria-labelledby={headingId}>
      <title>{`${title} · ${t('app.title')}`}</title>
      <p>
        <Link to={ADMIN_ROUTES.products}>{t('productEditor.back')}</Link>
      </p>
      <h1 id={headingId}>{title}</h1>
      {children}
    </article>
  );
}

/** A new product, in the market the list was showing (`?market=`), off offer until switched on. */
export function NewProductPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStaffSession();
  const [params] = useSearchParams();
  const asked = params.get('market')?.toUpperCase();
  const market: Market =
    isMarket(asked) && staff.markets.includes(asked) ? asked : (staff.markets[0] ?? 'IN');
  const title = t('productEditor.newTitle');
  if (staff.role !== 'admin')
    return (
      <Frame title={title}>
        <p className="admin-notice" role="alert">
          {t('products.readOnly')}
        </p>
      </Frame>
    );
  return (
    <Frame title={title}>
      <ProductForm product={null} market={market} markets={staff.markets} />
    </Frame>
  );
}

/** A product with its terms: editable by administrators, shown to agents of its market. */
export function ProductPage() {
  const { t } = useTranslation('admin');
  const { staff } = useStaffSession();
  const { id: rawId } = useParams();
  const id = Number(rawId);
  const valid = Number.isInteger(id) && id > 0;
  const product = useQuery({
    queryKey: productKeys.one(id),
    queryFn: () => fetchProduct(id),
    enabled: valid,
  });
  const title = product.data ? t('productEditor.title', { name: product.data.name }) : t('products.title');
  if (!valid)
    return (
      <Frame title={title}>
        <p role="alert">{t('productEditor.notFound')}</p>
      </Frame>
    );
  if (product.isPending)
    return (
      <Frame title={title}>
        <PageLoading />
      </Frame>
    );
  if (product.isError)
    return (
      <Frame title={title}>
        {isFinalFailure(product.error) ? (
          <p role="alert">
            {isOtherMarket(product.error) ? t('productEditor.otherMarket') : t('productEditor.notFound')}
          </p>
        ) : (
          <PageError message={product.error.message} onRetry={() => void product.refetch()} />
        )}
      </Frame>
    );
  return (
    <Frame title={title}>
      <p className="admin-muted">
        {product.data.enabled ? t('productEditor.offeredNote') : t('productEditor.notOfferedNote')}
      </p>
      {staff.role === 'admin' ? null : <p className="admin-notice">{t('products.readOnly')}</p>}
      <ProductForm
        key={product.data.id}
        product={product.data}
        market={product.data.market}
        markets={staff.markets}
        readOnly={staff.role !== 'admin'}
      />
    </Frame>
  );
}

interface Failure {
  message: string;
  /** The fields the refusal is about; none when it is about the whole form. */
  fields: FieldKey[];
}

function ProductForm({
  product,
  market,
  markets,
  readOnly = false,
}: {
  product: AdminProduct | null;
  market: Market;
  markets: Market[];
  readOnly?: boolean;
}) {
  const { t } = useTranslation('admin');
  const lang = useLang();
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [draft, setDraft] = useState<Draft>(() => draftOf(product, market));
  /** Fields that could not be read at the last save, with why. */
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldKey, FieldError>>>({});
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);
  const savingNow = useRef(false);
  const prefix = useId();
  const errorId = `${prefix}-error`;
  const idOf = (field: FieldKey) => `${prefix}-${field}`;
  const isNew = product === null;
  const read = useMemo(() => readDraft(draft, { isNew }), [draft, isNew]);

  const forget = (field: FieldKey) => {
    setFieldErrors((e) => {
      if (!e[field]) return e;
      const { [field]: _gone, ...rest } = e;
      return rest;
    });
    setFailure((f) => {
      if (!f?.fields.includes(field)) return f;
      const fields = f.fields.filter((x) => x !== field);
      return fields.length ? { ...f, fields } : null;
    });
  };
  const set = <K extends keyof Draft>(key: K, value: Draft[K], field: FieldKey | null = key as FieldKey) => {
    setDraft((d) => ({ ...d, [key]: value }));
    if (field) forget(field);
  };

  /** Shows what is wrong and takes the operator to the first field it is about (or the message). */
  const fail = (next: Failure, errors: Partial<Record<FieldKey, FieldError>> = {}) => {
    flushSync(() => {
      setFailure(next);
      setFieldErrors(errors);
    });
    const first = FIELD_KEYS.find((f) => next.fields.includes(f));
    const target = first ? document.getElementById(idOf(first)) : document.getElementById(errorId);
    target?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (savingNow.current || readOnly) return;
    if (!read.body) {
      const fields = FIELD_KEYS.filter((f) => read.errors[f]);
      fail({ message: t('productEditor.fixFields'), fields }, read.errors);
      return;
    }
    setFailure(null);
    setFieldErrors({});
    savingNow.current = true;
    setSaving(true);
    const result = isNew
      ? await createProduct(
          { market: draft.market, code: draft.code.trim(), ...read.body },
          session.csrfToken,
        )
      : await updateProduct(product.id, read.body, session.csrfToken);
    savingNow.current = false;
    setSaving(false);
    if (!result.ok || !result.data) {
      // The server says what is wrong; the same check, run here, says which fields that is about.
      const fields =
        String(result.code) === '409'
          ? (['code'] as FieldKey[])
          : read.terms
            ? productProblems(draft.market, read.terms).flatMap(fieldsOf)
            : [];
      fail({ message: result.message, fields });
      return;
    }
    const saved = result.data;
    queryClient.setQueryData(productKeys.one(saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: productKeys.list(saved.market) });
    if (isNew) {
      toast.show(t('productEditor.created'));
      await navigate(ADMIN_ROUTES.product(saved.id), { replace: true });
    } else {
      toast.show(t('productEditor.saved'));
    }
  };

  const errorText = (field: FieldKey) => {
    const e = fieldErrors[field];
    return e ? t(`productEditor.invalid.${e.key}`, { replace: e.vars }) : null;
  };
  /** Props that mark a field: its own message, or the form's message when the server named it. */
  const marking = (field: FieldKey, hintId?: string): Marking => {
    const own = fieldErrors[field] ? `${idOf(field)}-error` : null;
    const server = failure?.fields.includes(field) ? errorId : null;
    const describedBy = [own, server, hintId].filter(Boolean).join(' ');
    return {
      ...(own || server ? { 'aria-invalid': true as const } : {}),
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    };
  };
  const fieldProps = { idOf, marking, errorText };
  const money = (minorText: string) => {
    const minor = parseMoney(minorText, draft.market);
    return minor === null ? '' : formatMoney(minor, draft.market);
  };
  const moneyHint = t(`productEditor.moneyHint.${draft.market}`);
  /** A text field of the draft, labelled with its own message unless told otherwise. */
  const textField = (field: TextKey, more: TextFieldOptions = {}) => (
    <TextField
      {...fieldProps}
      key={field}
      field={field}
      label={t(`productEditor.${field === 'coolingOffDays' ? 'coolingOff' : field}`)}
      value={draft[field]}
      onChange={(v) => set(field, v)}
      {...more}
    />
  );
  /** An amount in the market's money, read back as it will show. */
  const moneyField = (field: TextKey) =>
    textField(field, {
      inputMode: MONEY_DECIMALS[draft.market] ? 'decimal' : 'numeric',
      echo: money(draft[field]),
    });
  const formError = failure?.message ?? '';

  return (
    <form className="admin-product-form" onSubmit={submit} noValidate aria-describedby={errorId}>
      <fieldset className="admin-fieldset admin-product-sections" disabled={readOnly}>
        <Section title={t('productEditor.sections.product')}>
          {isNew ? (
            markets.length > 1 ? (
              <MarketRadios
                legend={t('productEditor.market')}
                name={`${prefix}-market`}
                markets={markets}
                value={draft.market}
                onChange={(m) => set('market', m, null)}
              />
            ) : null
          ) : (
            <p>
              <span className="admin-label">{t('productEditor.market')}: </span>
              {t(`markets.${draft.market}`)}
            </p>
          )}
          <div className="admin-product-grid">
            {isNew ? (
              textField('code', { hint: t('productEditor.codeHint'), autoComplete: 'off' })
            ) : (
              <p>
                <span className="admin-label">{t('productEditor.code')}: </span>
                <code>{draft.code}</code>
              </p>
            )}
            {textField('name')}
            {textField('logoUrl', { hint: t('productEditor.logoHint'), inputMode: 'url' })}
            {textField('sort', { inputMode: 'numeric' })}
            {textField('dailyQuota', { hint: t('productEditor.dailyQuotaHint'), inputMode: 'numeric' })}
          </div>
        </Section>

        <Section title={t('productEditor.sections.amounts')}>
          <p className="admin-hint admin-muted">{moneyHint}</p>
          <div className="admin-product-grid">
            {(['amountMin', 'amountMax', 'amountStep'] as const).map(moneyField)}
          </div>
        </Section>

        <Section title={t('productEditor.sections.terms')}>
          <div className="admin-product-grid">
            {textField('termDays', { hint: t('productEditor.termDaysHint') })}
            {textField('installments', { hint: t('productEditor.installmentsHint'), inputMode: 'numeric' })}
          </div>
        </Section>

        <Section title={t('productEditor.sections.costs')}>
          <div className="admin-product-grid">
            {textField('dailyInterest', { hint: t('productEditor.dailyInterestHint'), inputMode: 'decimal' })}
          </div>
          <FeesEditor
            {...fieldProps}
            fees={draft.fees}
            market={draft.market}
            moneyHint={moneyHint}
            onChange={(fees) => set('fees', fees)}
          />
        </Section>

        <Section title={t('productEditor.sections.late')}>
          <p className="admin-hint admin-muted">{t('productEditor.lateFeeHint')}</p>
          <div className="admin-product-grid">
            {(['lateFeeNew', 'lateFeeRepeat'] as const).map(moneyField)}
          </div>
          <TiersEditor {...fieldProps} tiers={draft.tiers} onChange={(tiers) => set('tiers', tiers)} />
        </Section>

        <Section title={t('productEditor.sections.rights')}>
          <p className="admin-hint admin-muted">{t('productEditor.earlyHint')}</p>
          <div className="admin-product-grid">
            {textField('coolingOffDays', { label: t('productEditor.coolingOff'), inputMode: 'numeric' })}
            {textField('earlyMinDay', { inputMode: 'numeric' })}
            {textField('earlyMinShare', { inputMode: 'decimal' })}
          </div>
        </Section>

        <Section title={t('productEditor.sections.extension')}>
          <div className="admin-check">
            <input
              id={`${prefix}-extensionOn`}
              type="checkbox"
              checked={draft.extensionOn}
              onChange={(e) => {
                set('extensionOn', e.target.checked, null);
                forget('extensionFee');
                forget('extensionDays');
              }}
            />
            <label htmlFor={`${prefix}-extensionOn`}>{t('productEditor.extensionOn')}</label>
          </div>
          {draft.extensionOn ? (
            <div className="admin-product-grid">
              {textField('extensionFee', { inputMode: 'decimal' })}
              {textField('extensionDays', { inputMode: 'numeric' })}
            </div>
          ) : null}
        </Section>

        <Section title={t('productEditor.sections.copy')}>
          <div className="admin-bilingual-fields admin-product-copy">
            {(
              [
                { key: 'copyEn', lang: 'en', label: t('productEditor.english'), tags: 'copyEnTags' },
                { key: 'copyId', lang: 'id', label: t('productEditor.indonesian'), tags: 'copyIdTags' },
              ] as const
            )
              .slice()
              .sort((a, b) => (a.lang === lang ? -1 : b.lang === lang ? 1 : 0))
              .map((c) => (
                <CopyFields
                  {...fieldProps}
                  key={c.key}
                  lang={c.lang}
                  title={c.label}
                  tagsField={c.tags}
                  value={draft[c.key]}
                  onChange={(copy, field) => set(c.key, copy, field)}
                />
              ))}
          </div>
        </Section>
      </fieldset>

      <ProductPreview market={draft.market} terms={read.terms} />

      <div id={errorId} className="admin-form-error" role="alert" tabIndex={-1}>
        {formError}
      </div>
      {readOnly ? null : (
        <div className="admin-actions">
          <button type="submit" className="admin-button admin-button-primary" disabled={saving}>
            {saving ? t('productEditor.saving') : isNew ? t('productEditor.create') : t('productEditor.save')}
          </button>
        </div>
      )}
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="admin-card admin-product-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {children}
    </section>
  );
}

interface Marking {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  idOf: (field: FieldKey) => string;
  marking: (field: FieldKey, hintId?: string) => Marking;
  errorText: (field: FieldKey) => string | null;
}

function FieldMessage({ id, text }: { id: string; text: string | null }) {
  return text ? (
    <p id={id} className="admin-field-error">
      {text}
    </p>
  ) : null;
}

/** The draft's fields typed as one line of text. */
type TextKey = Exclude<FieldKey, 'fees' | 'tiers' | 'copyEnTags' | 'copyIdTags'>;

interface TextFieldOptions {
  label?: string;
  hint?: string;
  inputMode?: 'numeric' | 'decimal' | 'url';
  /** How the value reads (an amount in the market's money), announced with the field. */
  echo?: string;
  autoComplete?: string;
}

function TextField({
  idOf,
  marking,
  errorText,
  field,
  label,
  hint,
  value,
  onChange,
  inputMode,
  echo,
  autoComplete,
}: FieldProps &
  TextFieldOptions & {
    field: FieldKey;
    label: string;
    value: string;
    onChange: (value: string) => void;
  }) {
  const id = idOf(field);
  const hintId = hint || echo ? `${id}-hint` : undefined;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        autoComplete={autoComplete}
        onChange={(e) => onChange(e.target.value)}
        {...marking(field, hintId)}
      />
      {hintId ? (
        <p id={hintId} className="admin-hint admin-muted">
          {[echo, hint].filter(Boolean).join(' · ')}
        </p>
      ) : null}
      <FieldMessage id={`${id}-error`} text={errorText(field)} />
    </div>
  );
}

/**
 * Rows of one kind (fees, late-charge tiers), numbered and each removable; the group is focusable as
 * one and marked as one (the server's checks are about the whole list).
 */
function RowsEditor<Row extends { key: number }>({
  field,
  rows,
  onChange,
  newRow,
  max,
  labels,
  fields,
  ...fieldProps
}: FieldProps & {
  field: 'fees' | 'tiers';
  rows: Row[];
  onChange: (rows: Row[]) => void;
  newRow: () => Row;
  max: number;
  labels: {
    title: string;
    empty: string;
    add: string;
    legend: (n: number) => string;
    remove: (n: number) => string;
  };
  /** One row's fields: `id` starts their element ids, `change` patches the row. */
  fields: (row: Row, id: string, change: (patch: Partial<Row>) => void) => ReactNode;
}) {
  const id = fieldProps.idOf(field);
  const mark = fieldProps.marking(field);
  return (
    <fieldset
      id={id}
      className={`admin-rows${mark['aria-invalid'] ? ' admin-rows-invalid' : ''}`}
      aria-describedby={mark['aria-describedby']}
      tabIndex={-1}
    >
      <legend className="admin-rows-title">{labels.title}</legend>
      <FieldMessage id={`${id}-error`} text={fieldProps.errorText(field)} />
      {rows.length ? (
        <ol className="admin-rows-list">
          {rows.map((row, i) => (
            <li key={row.key}>
              <fieldset className="admin-row">
                <legend>{labels.legend(i + 1)}</legend>
                {fields(row, `${id}-${row.key}`, (patch) =>
                  onChange(rows.map((r) => (r.key === row.key ? { ...r, ...patch } : r))),
                )}
                <button
                  type="button"
                  className="admin-button admin-row-remove"
                  onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
                >
                  {labels.remove(i + 1)}
                </button>
              </fieldset>
            </li>
          ))}
        </ol>
      ) : (
        <p className="admin-muted">{labels.empty}</p>
      )}
      <button
        type="button"
        className="admin-button"
        onClick={() => onChange([...rows, newRow()])}
        disabled={rows.length >= max}
      >
        {labels.add}
      </button>
    </fieldset>
  );
}

/** A field of a row: checked with its whole list, so it carries no marking of its own. */
function RowInput({
  id,
  label,
  value,
  inputMode,
  hint,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  inputMode: 'numeric' | 'decimal';
  hint?: string;
  onChange: (value: string) => void;
}) {
  const hintId = `${id}-hint`;
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        value={value}
        inputMode={inputMode}
        aria-describedby={hint ? hintId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint ? (
        <p id={hintId} className="admin-hint admin-muted">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

function RowSelect<Value extends string>({
  id,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  value: Value;
  options: { value: Value; label: string }[];
  onChange: (value: Value) => void;
}) {
  return (
    <div className="admin-field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as Value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function FeesEditor({
  fees,
  market,
  moneyHint,
  onChange,
  ...fieldProps
}: FieldProps & {
  fees: FeeDraft[];
  market: Market;
  moneyHint: string;
  onChange: (fees: FeeDraft[]) => void;
}) {
  const { t } = useTranslation('admin');
  /** A fixed fee reads back in the market's money. */
  const echo = (fee: FeeDraft) => {
    const minor = parseMoney(fee.value, market);
    return minor === null ? moneyHint : formatMoney(minor, market);
  };
  return (
    <RowsEditor
      {...fieldProps}
      field="fees"
      rows={fees}
      onChange={onChange}
      newRow={newFee}
      max={PRODUCT_BOUNDS.feesMax}
      labels={{
        title: t('productEditor.fees'),
        empty: t('productEditor.noFees'),
        add: t('productEditor.addFee'),
        legend: (n) => t('productEditor.feeLegend', { n }),
        remove: (n) => t('productEditor.removeFee', { n }),
      }}
      fields={(fee, id, change) => (
        <>
          <RowSelect
            id={`${id}-name`}
            label={t('productEditor.feeName')}
            value={fee.name}
            // A saved fee of a name no longer offered keeps it.
            options={(FEE_NAMES.includes(fee.name as FeeName)
              ? [...FEE_NAMES]
              : [...FEE_NAMES, fee.name]
            ).map((name) => ({
              value: name,
              label: t(`productEditor.feeNames.${name}`, { defaultValue: name }),
            }))}
            onChange={(name) => change({ name })}
          />
          <RowSelect
            id={`${id}-kind`}
            label={t('productEditor.feeKind')}
            value={fee.kind}
            options={[
              { value: 'percent', label: t('productEditor.percent') },
              { value: 'fixed', label: t('productEditor.fixed') },
            ]}
            onChange={(kind) => change({ kind })}
          />
          <RowInput
            id={`${id}-value`}
            label={t('productEditor.feeValue')}
            value={fee.value}
            inputMode="decimal"
            hint={fee.kind === 'fixed' ? echo(fee) : undefined}
            onChange={(value) => change({ value })}
          />
          <RowSelect
            id={`${id}-timing`}
            label={t('productEditor.feeTiming')}
            value={fee.timing}
            options={[
              { value: 'upfront', label: t('productEditor.upfront') },
              { value: 'added', label: t('productEditor.added') },
            ]}
            onChange={(timing) => change({ timing })}
          />
        </>
      )}
    />
  );
}

function TiersEditor({
  tiers,
  onChange,
  ...fieldProps
}: FieldProps & { tiers: TierDraft[]; onChange: (tiers: TierDraft[]) => void }) {
  const { t } = useTranslation('admin');
  return (
    <RowsEditor
      {...fieldProps}
      field="tiers"
      rows={tiers}
      onChange={onChange}
      newRow={newTier}
      max={PRODUCT_BOUNDS.tiersMax}
      labels={{
        title: t('productEditor.tiers'),
        empty: t('productEditor.noTiers'),
        add: t('productEditor.addTier'),
        legend: (n) => t('productEditor.tierLegend', { n }),
        remove: (n) => t('productEditor.removeTier', { n }),
      }}
      fields={(tier, id, change) => (
        <>
          <RowInput
            id={`${id}-from`}
            label={t('productEditor.tierFrom')}
            value={tier.fromDay}
            inputMode="numeric"
            onChange={(fromDay) => change({ fromDay })}
          />
          <RowInput
            id={`${id}-rate`}
            label={t('productEditor.tierRate')}
            value={tier.percent}
            inputMode="decimal"
            onChange={(percent) => change({ percent })}
          />
        </>
      )}
    />
  );
}

function CopyFields({
  lang,
  title,
  tagsField,
  value,
  onChange,
  ...fieldProps
}: FieldProps & {
  lang: Lang;
  title: string;
  tagsField: FieldKey;
  value: Draft['copyEn'];
  onChange: (copy: Draft['copyEn'], field: FieldKey | null) => void;
}) {
  const { t } = useTranslation('admin');
  const id = fieldProps.idOf(tagsField);
  const descriptionId = `${id}-description`;
  const hintId = `${id}-hint`;
  return (
    <fieldset className="admin-fieldset admin-product-copy-lang" lang={lang}>
      <legend className="admin-lang-tag">{title}</legend>
      <div className="admin-field">
        <label htmlFor={descriptionId}>{t('productEditor.description')}</label>
        <textarea
          id={descriptionId}
          rows={3}
          maxLength={300}
          value={value.description}
          onChange={(e) => onChange({ ...value, description: e.target.value }, null)}
        />
      </div>
      <div className="admin-field">
        <label htmlFor={id}>{t('productEditor.tags')}</label>
        <input
          id={id}
          value={value.tags}
          onChange={(e) => onChange({ ...value, tags: e.target.value }, tagsField)}
          {...fieldProps.marking(tagsField, hintId)}
        />
        <p id={hintId} className="admin-hint admin-muted">
          {t('productEditor.tagsHint', { max: PRODUCT_BOUNDS.tagsMax, length: TAG_LENGTH_MAX })}
        </p>
        <FieldMessage id={`${id}-error`} text={fieldProps.errorText(tagsField)} />
      </div>
    </fieldset>
  );
}
